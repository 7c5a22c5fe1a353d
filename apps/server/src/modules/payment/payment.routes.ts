import { paymentApi } from '@nimbus/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error';
import { catalogueRoute } from '../../http/catalogue-route';
import { requestLocale } from '../../http/request-locale';
import type { Authenticator } from '../auth/authenticator';
import { actorOf, memberPlugin } from '../auth/require-actor';
import type { PaymentNoticeService } from './payment-notices.service';
import type { PaymentService } from './payment.service';

/** Largest provider notice read (Stripe's are a few kilobytes). */
const maxNoticeBytes = 512 * 1024;

/** The payment calls of docs/api.md#account-and-membership. */
export function paymentRoutes(deps: {
  authenticator: Authenticator;
  payments: PaymentService;
  notices: PaymentNoticeService | undefined;
}) {
  return async (app: FastifyInstance) => {
    const { onRequest } = memberPlugin(app, deps.authenticator);

    catalogueRoute(app, paymentApi.checkout, { onRequest }, async (request) => {
      const session = await deps.payments.checkout(
        actorOf(request).userId,
        { productId: request.body.product_id, currency: request.body.currency },
        requestLocale(request),
      );
      return {
        result: 'ACCEPTED' as const,
        data: { url: session.url, session_id: session.sessionId },
      };
    });

    catalogueRoute(app, paymentApi.portal, { onRequest }, async (request) => ({
      result: 'ACCEPTED' as const,
      data: { url: await deps.payments.portal(actorOf(request).userId, requestLocale(request)) },
    }));

    catalogueRoute(app, paymentApi.cancelSubscription, { onRequest }, async (request) => ({
      result: 'ACCEPTED' as const,
      data: { subscription: await deps.payments.cancel(actorOf(request).userId) },
    }));

    catalogueRoute(app, paymentApi.resumeSubscription, { onRequest }, async (request) => ({
      result: 'ACCEPTED' as const,
      data: { subscription: await deps.payments.resume(actorOf(request).userId) },
    }));

    catalogueRoute(app, paymentApi.changeSubscription, { onRequest }, async (request) => ({
      result: 'ACCEPTED' as const,
      data: {
        subscription: await deps.payments.changePlan(
          actorOf(request).userId,
          request.body.product_id,
        ),
      },
    }));

    catalogueRoute(app, paymentApi.overview, { onRequest }, async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return {
        result: 'ACCEPTED' as const,
        data: await deps.payments.overview(actorOf(request).userId),
      };
    });

    // The signature covers the exact bytes sent: this route reads its body as a buffer, in a
    // scope of its own, whatever the content type.
    void app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser(
        '*',
        { parseAs: 'buffer', bodyLimit: maxNoticeBytes },
        (_r, body, done) => {
          done(null, body);
        },
      );
      catalogueRoute(scope, paymentApi.stripeWebhook, {}, async (request) => {
        const notices = deps.notices;
        if (!notices) {
          throw new AppError('payment_unavailable');
        }
        const signature = request.headers['stripe-signature'];
        await notices.receive(
          Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          typeof signature === 'string' ? signature : undefined,
        );
        return { received: true as const };
      });
    });
  };
}

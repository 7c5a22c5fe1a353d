import { accountApi } from '@nimbus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Authenticator } from '../auth/authenticator';
import { catalogueRoute } from '../../http/catalogue-route';
import { actorOf, memberPlugin } from '../auth/require-actor';
import { toTwoFactorSetup, toTwoFactorStatus } from './two-factor.dto';
import type { TwoFactorService } from './two-factor.service';

export interface TwoFactorRoutesDeps {
  twoFactor: TwoFactorService;
  authenticator: Authenticator;
}

const userIdOf = (request: FastifyRequest): string => actorOf(request).userId;

/** `/v1/user/two-factor/...`: the signed-in member's TOTP set-up, recovery codes and switch-off. */
export function twoFactorRoutes(deps: TwoFactorRoutesDeps) {
  return async (app: FastifyInstance) => {
    const { onRequest } = memberPlugin(app, deps.authenticator);

    catalogueRoute(app, accountApi.twoFactorStatus, { onRequest }, async (request) =>
      toTwoFactorStatus(await deps.twoFactor.status(userIdOf(request))),
    );

    catalogueRoute(app, accountApi.twoFactorSetup, { onRequest }, async (request) =>
      toTwoFactorSetup(await deps.twoFactor.setUp(userIdOf(request))),
    );

    catalogueRoute(app, accountApi.twoFactorConfirm, { onRequest }, async (request) => ({
      recovery_codes: await deps.twoFactor.confirm(userIdOf(request), request.body.code),
    }));

    catalogueRoute(app, accountApi.twoFactorDisable, { onRequest }, async (request) => {
      const { body } = request;
      await deps.twoFactor.disable(userIdOf(request), {
        password: body.password,
        code: body.code,
        recoveryCode: body.recovery_code,
      });
      return {};
    });

    catalogueRoute(app, accountApi.recoveryCodes, { onRequest }, async (request) => ({
      recovery_codes: await deps.twoFactor.regenerateRecoveryCodes(userIdOf(request), {
        password: request.body.password,
        code: request.body.code,
      }),
    }));
  };
}

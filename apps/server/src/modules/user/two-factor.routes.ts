import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Authenticator } from '../auth/authenticator';
import { actorOf, memberPlugin, memberSecurity } from '../auth/require-actor';
import { emptySchema } from './user.schemas';
import { toTwoFactorSetup, toTwoFactorStatus } from './two-factor.dto';
import type { TwoFactorService } from './two-factor.service';
import {
  recoveryCodesRequestSchema,
  recoveryCodesSchema,
  twoFactorConfirmRequestSchema,
  twoFactorDisableRequestSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from './two-factor.schemas';

export interface TwoFactorRoutesDeps {
  twoFactor: TwoFactorService;
  authenticator: Authenticator;
}

const userIdOf = (request: FastifyRequest): string => actorOf(request).userId;

/** `/v1/user/two-factor/...`: the signed-in member's TOTP set-up, recovery codes and switch-off. */
export function twoFactorRoutes(deps: TwoFactorRoutesDeps) {
  return async (app: FastifyInstance) => {
    const { routes, onRequest } = memberPlugin(app, deps.authenticator);

    routes.get(
      '/v1/user/two-factor',
      {
        onRequest,
        schema: {
          tags: ['user'],
          summary: 'Whether two-step verification is on',
          security: memberSecurity,
          response: { 200: twoFactorStatusSchema },
        },
      },
      async (request) => toTwoFactorStatus(await deps.twoFactor.status(userIdOf(request))),
    );

    routes.post(
      '/v1/user/two-factor/setup',
      {
        onRequest,
        schema: {
          tags: ['user'],
          summary: 'Start two-step verification: a new TOTP secret, pending until confirmed',
          security: memberSecurity,
          response: { 200: twoFactorSetupSchema },
        },
      },
      async (request) => toTwoFactorSetup(await deps.twoFactor.setUp(userIdOf(request))),
    );

    routes.post(
      '/v1/user/two-factor/confirm',
      {
        onRequest,
        schema: {
          tags: ['user'],
          summary: 'Turn two-step verification on with the first code; answers ten recovery codes',
          security: memberSecurity,
          body: twoFactorConfirmRequestSchema,
          response: { 200: recoveryCodesSchema },
        },
      },
      async (request) => ({
        recovery_codes: await deps.twoFactor.confirm(userIdOf(request), request.body.code),
      }),
    );

    routes.post(
      '/v1/user/two-factor/disable',
      {
        onRequest,
        schema: {
          tags: ['user'],
          summary: 'Turn two-step verification off with the password, a code or a recovery code',
          security: memberSecurity,
          body: twoFactorDisableRequestSchema,
          response: { 200: emptySchema },
        },
      },
      async (request) => {
        const { body } = request;
        await deps.twoFactor.disable(userIdOf(request), {
          password: body.password,
          code: body.code,
          recoveryCode: body.recovery_code,
        });
        return {};
      },
    );

    routes.post(
      '/v1/user/two-factor/recovery-codes',
      {
        onRequest,
        schema: {
          tags: ['user'],
          summary:
            'Replace the recovery codes (the old ones stop working), with the password or a code',
          security: memberSecurity,
          body: recoveryCodesRequestSchema,
          response: { 200: recoveryCodesSchema },
        },
      },
      async (request) => ({
        recovery_codes: await deps.twoFactor.regenerateRecoveryCodes(userIdOf(request), {
          password: request.body.password,
          code: request.body.code,
        }),
      }),
    );
  };
}

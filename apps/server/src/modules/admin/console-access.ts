import { consoleStepUpHours, type ConsoleRole } from '@nimbus/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';
import type { Authenticator } from '../auth/authenticator';
import type { ConsoleAccessRepository } from './console-access.repository';

/** The operator behind a console call, as the guard found them. */
export interface ConsoleCaller {
  userId: string;
  sessionId: string;
  email: string;
  role: ConsoleRole;
  /** When the session's two-factor sign-in stops opening the console. */
  stepUpUntil: string;
}

export interface ConsoleAccessDeps {
  authenticator: Authenticator;
  roles: Pick<ConsoleAccessRepository, 'sessionFacts'>;
  now: () => Date;
}

const stepUpMs = consoleStepUpHours * 3_600_000;

/**
 * The one access check of the operator console (docs/api.md#operator-console), run as the
 * `onRequest` hook of every console call, before its body is read:
 *
 * - no valid credential: `unauthenticated` (401);
 * - no console role, or one the call does not allow (`admin` is always allowed):
 *   `permission_denied` (403);
 * - a session whose last two-factor sign-in is older than 12 hours or that never had one:
 *   `console_step_up_required` (403), which the console turns into a sign-in prompt.
 *
 * Usage: `catalogueRoute(app, endpoint, { onRequest: access.guard(['moderator']) }, handler)`,
 * or rather `consoleRoute` (console-route.ts), which takes the roles from the catalogue entry
 * and writes the audit row. The caller is then `access.callerOf(request)`.
 */
export function createConsoleAccess(deps: ConsoleAccessDeps) {
  const callers = new WeakMap<FastifyRequest, ConsoleCaller>();

  async function check(
    request: FastifyRequest,
    allowed: readonly ConsoleRole[],
  ): Promise<ConsoleCaller> {
    const actor =
      deps.authenticator.known?.(request) ?? (await deps.authenticator.authenticate(request));
    if (!actor) {
      throw new AppError('unauthenticated');
    }
    request.actor = actor;
    const facts = await deps.roles.sessionFacts(actor.sessionId);
    const role = facts?.role ?? null;
    if (facts === undefined || role === null || !(role === 'admin' || allowed.includes(role))) {
      throw new AppError('permission_denied', {
        description: 'This console call needs another role',
      });
    }
    const now = deps.now().getTime();
    const passedAt = facts.twoFactorAt === null ? Number.NaN : Date.parse(facts.twoFactorAt);
    if (!(now - passedAt < stepUpMs)) {
      throw new AppError('console_step_up_required');
    }
    return {
      userId: actor.userId,
      sessionId: actor.sessionId,
      email: facts.email,
      role,
      stepUpUntil: new Date(passedAt + stepUpMs).toISOString(),
    };
  }

  return {
    /** The `onRequest` hook admitting `admin` and the roles given. */
    guard(allowed: readonly ConsoleRole[]) {
      return async (request: FastifyRequest): Promise<void> => {
        callers.set(request, await check(request, allowed));
      };
    },

    /** The caller the guard admitted; `unauthenticated` on a route without the guard. */
    callerOf(request: FastifyRequest): ConsoleCaller {
      const caller = callers.get(request);
      if (!caller) {
        throw new AppError('unauthenticated');
      }
      return caller;
    },
  };
}

export type ConsoleAccess = ReturnType<typeof createConsoleAccess>;

import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import type { Actor, Authenticator } from './authenticator';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member, set by `requireActor` on routes that need credentials. */
    actor: Actor | null;
  }
}

/** The `onRequest` hook `requireActor` makes. */
export type MemberCheck = (
  request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
) => void;

/**
 * The `onRequest` hook of routes that need credentials: anonymous calls answer `unauthenticated`.
 * It runs before the body is read and before the path, query and body are validated, so a caller
 * without credentials learns nothing of a route's schema and cannot make it read a body.
 */
export function requireActor(authenticator: Authenticator): MemberCheck {
  // A plain hook: a credential checked moments ago (most calls) goes on without a promise.
  return (request, _reply, done) => {
    const known = authenticator.known?.(request);
    if (known !== undefined) {
      request.actor = known;
      done();
      return;
    }
    authenticator.authenticate(request).then(
      (actor) => {
        request.actor = actor;
        done(actor ? undefined : new AppError('unauthenticated'));
      },
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    );
  };
}

/**
 * The member of a call open to visitors: the user id of a valid credential, or null for a
 * visitor. A credential that does not authenticate (expired, revoked, malformed) makes a visitor
 * too, so such a call goes on as one instead of failing.
 */
export async function optionalMemberOf(
  authenticator: Authenticator,
  request: FastifyRequest,
): Promise<string | null> {
  try {
    return (await authenticator.authenticate(request))?.userId ?? null;
  } catch {
    return null;
  }
}

/** The actor `requireActor` set; a route without that hook answers `unauthenticated`. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) {
    throw new AppError('unauthenticated');
  }
  return request.actor;
}

export { memberSecurity } from '../../http/catalogue-route';

/**
 * Prepares a plugin whose calls all speak of one signed-in member: the request's actor slot, the
 * zod type provider, the member check to use as `onRequest`, and `Cache-Control: no-store` on
 * every answer.
 */
export function memberPlugin(app: FastifyInstance, authenticator: Authenticator) {
  app.decorateRequest('actor', null);
  // Set when the call arrives: an onSend hook would do the same on the way out of every answer,
  // at a higher cost. No route of these plugins sets a cache policy of its own.
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.header('cache-control', 'no-store');
    done();
  });
  return {
    routes: app.withTypeProvider<ZodTypeProvider>(),
    onRequest: requireActor(authenticator),
  };
}

import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';
import type { Actor, Authenticator } from './authenticator';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member, set by `requireActor` on routes that need credentials. */
    actor: Actor | null;
  }
}

/** A preHandler for routes that need credentials: anonymous calls answer `unauthenticated`. */
export function requireActor(authenticator: Authenticator) {
  return async (request: FastifyRequest): Promise<void> => {
    const actor = await authenticator.authenticate(request);
    if (!actor) {
      throw new AppError('unauthenticated');
    }
    request.actor = actor;
  };
}

/** The actor `requireActor` set; a route without that preHandler answers `unauthenticated`. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) {
    throw new AppError('unauthenticated');
  }
  return request.actor;
}

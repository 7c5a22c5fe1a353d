import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * What one check of every request decides: go on (undefined), refuse with this error (answered
 * with the error object by the error handler), or `'answered'` when it sent the reply itself.
 */
export type GateOutcome = Error | 'answered' | undefined;

/** A check every request passes before its route's own hooks. Plain code: it never waits. */
export type GateCheck = (request: FastifyRequest, reply: FastifyReply) => GateOutcome;

/**
 * Runs `checks` in their order as the app's one global `onRequest` hook; the first that refuses
 * or answers ends the request's way through them. One hook instead of one per check: each costs
 * a step of Fastify's hook runner (and its `done` callback) on every request.
 */
export function registerRequestGate(app: FastifyInstance, checks: readonly GateCheck[]): void {
  app.addHook('onRequest', (request, reply, done) => {
    for (const check of checks) {
      const outcome = check(request, reply);
      if (outcome !== undefined) {
        if (outcome !== 'answered') {
          done(outcome);
        }
        return;
      }
    }
    done();
  });
}

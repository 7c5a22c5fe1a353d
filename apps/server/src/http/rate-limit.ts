import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  RouteOptions,
} from 'fastify';
import ipaddr from 'ipaddr.js';
import type { FleetRedis } from '../lib/fleet-redis';
import {
  createRedisWindowLimiter,
  createWindowLimiter,
  type LimitDecision,
} from '../lib/window-limiter';
import { AppError } from './app-error';

/** At most `max` calls of one client in each window of `timeWindow` milliseconds. */
export interface RateLimit {
  max: number;
  timeWindow: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's own limit, or `false` for a route that is never limited (health probes). */
    rateLimit?: RateLimit | false;
  }
}

/** The hook that counts a call against its client's limit. */
export type RateLimitHook = (
  request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
) => void;

/**
 * The client a call is counted against: its address, an IPv6 address by its /64 network (one
 * home or one server holds a whole /64, so counting single addresses would let it rotate past
 * the limit), an IPv4 address mapped into IPv6 as itself.
 */
export function clientKeyOf(ip: string): string {
  if (!ip.includes(':') || !ipaddr.IPv6.isValid(ip)) {
    return ip;
  }
  const address = ipaddr.IPv6.parse(ip);
  if (address.isIPv4MappedAddress()) {
    return address.toIPv4Address().toString();
  }
  return `${address.parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`;
}

function hookOf(limit: RateLimit, scope: string, redis: FleetRedis | undefined): RateLimitHook {
  const windowLimit = { max: limit.max, windowMs: limit.timeWindow };
  const local = createWindowLimiter({ now: () => new Date() });
  const answer = (decision: LimitDecision, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    if (decision.allowed) {
      done();
      return;
    }
    const { retryAfterSeconds } = decision;
    void reply
      .header('x-ratelimit-limit', String(limit.max))
      .header('x-ratelimit-remaining', '0')
      .header('x-ratelimit-reset', String(retryAfterSeconds));
    done(new AppError('too_many_requests', { retryAfterSeconds }));
  };
  if (redis) {
    // Counted in Redis for every node; an unreachable Redis lets calls through (logged).
    const shared = createRedisWindowLimiter({ redis, fallback: 'allow', local });
    return (request, reply, done) => {
      void shared.hit(`requests:${scope}:${clientKeyOf(request.ip)}`, windowLimit).then(
        (decision) => answer(decision, reply, done),
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      );
    };
  }
  // A plain hook: it runs on nearly every request, and a promise per call costs more than the count.
  return (request, reply, done) => {
    answer(local.hit(clientKeyOf(request.ip), windowLimit), reply, done);
  };
}

/**
 * Limits every route to `limit` calls per client, shared by all routes, unless the route names
 * its own limit (counted for that route alone) or opts out with `config: { rateLimit: false }`.
 * The count runs first among a route's hooks, so calls refused for their credentials count too.
 * With `redis`, every node counts in it, so a client gets `limit` calls from the whole fleet.
 * Answers the hook of the shared limit, for answers no route gives (unknown paths).
 */
export function registerRateLimit(
  app: FastifyInstance,
  limit: RateLimit,
  redis?: FleetRedis,
): RateLimitHook {
  const shared = hookOf(limit, 'all', redis);
  app.addHook('onRoute', (route: RouteOptions) => {
    const own = route.config?.rateLimit;
    if (own === false) {
      return;
    }
    const hook =
      own === undefined
        ? shared
        : hookOf(own, `${[route.method].flat().join(',')}:${route.url}`, redis);
    const existing = route.onRequest;
    route.onRequest =
      existing === undefined
        ? [hook]
        : [hook, ...(Array.isArray(existing) ? existing : [existing])];
  });
  return shared;
}

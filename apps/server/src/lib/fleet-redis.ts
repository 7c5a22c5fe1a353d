import { Redis } from 'ioredis';

/** How long a command may wait for Redis before the caller falls back (see `REDIS_URL`). */
const commandTimeoutMs = 500;

/** How often one kind of Redis failure is logged while it lasts. */
const warnEveryMs = 10_000;

interface RedisLogger {
  warn(object: object, message: string): void;
}

/**
 * The Redis the nodes of a fleet share (`REDIS_URL`): one connection for commands and one, opened
 * at the first subscription, for pub/sub (a subscribed connection takes no other command). Every
 * key and channel starts with `prefix`, so deployments and test runs can share one server.
 * Commands fail fast while Redis is unreachable (`commandTimeoutMs`) instead of holding
 * requests: each caller decides what a failure means (see the limiters), and `warn` logs it at
 * most every ten seconds per kind.
 */
export function openFleetRedis(deps: { url: string; prefix: string; logger: RedisLogger }) {
  const options = {
    commandTimeout: commandTimeoutMs,
    maxRetriesPerRequest: 1,
    // Reconnects forever, at most a second apart: the fleet goes on without Redis meanwhile.
    retryStrategy: (attempt: number) => Math.min(attempt * 100, 1_000),
  };
  const commands = new Redis(deps.url, options);
  let subscriber: Redis | undefined;
  const handlers = new Map<string, Set<(message: string) => void>>();
  const lastWarned = new Map<string, number>();

  function warn(kind: string, error: unknown): void {
    const now = Date.now();
    if (now - (lastWarned.get(kind) ?? 0) < warnEveryMs) {
      return;
    }
    lastWarned.set(kind, now);
    deps.logger.warn({ err: error }, kind);
  }
  // A lost connection is reported here and retried; it never crashes the process.
  commands.on('error', (error: unknown) => warn('redis connection failed', error));

  function subscriberConnection(): Redis {
    if (subscriber) {
      return subscriber;
    }
    const opened = new Redis(deps.url, { ...options, commandTimeout: undefined });
    opened.on('error', (error: unknown) => warn('redis subscription failed', error));
    opened.on('message', (channel: string, message: string) => {
      for (const handler of handlers.get(channel) ?? []) {
        handler(message);
      }
    });
    subscriber = opened;
    return opened;
  }

  return {
    commands,
    /** The prefix of every key and channel of this deployment. */
    prefix: deps.prefix,
    warn,

    /** Tells every node subscribed to `topic` (this one too). Never throws. */
    publish(topic: string, message: string): void {
      commands
        .publish(`${deps.prefix}${topic}`, message)
        .catch((error: unknown) => warn('redis publish failed', error));
    },

    /**
     * Calls `onMessage` for each message of `topic`; answers once the subscription is in place
     * (ioredis subscribes again by itself after a reconnection), with the function that stops
     * calling it.
     */
    async subscribe(topic: string, onMessage: (message: string) => void): Promise<() => void> {
      const channel = `${deps.prefix}${topic}`;
      const set = handlers.get(channel) ?? new Set();
      handlers.set(channel, set);
      set.add(onMessage);
      if (set.size === 1) {
        await subscriberConnection().subscribe(channel);
      }
      return () => set.delete(onMessage);
    },

    async close(): Promise<void> {
      const connections = subscriber ? [commands, subscriber] : [commands];
      await Promise.all(
        connections.map((connection) => connection.quit().catch(() => connection.disconnect())),
      );
    },
  };
}

export type FleetRedis = ReturnType<typeof openFleetRedis>;

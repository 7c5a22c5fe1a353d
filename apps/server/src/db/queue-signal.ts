import { sql } from 'kysely';
import pg from 'pg';
import type { TaskType } from '@nimbus/contracts';
import type { DatabaseHandle } from './database';

/** The PostgreSQL channel every Nimbus process notifies; the payload is `<schema>:<task type>`. */
export const queueChannel = 'nimbus_task_queue';

/** How long a lost `LISTEN` connection waits before it connects again. */
const reconnectMs = 1_000;

/**
 * Tells the workers of every process sharing the database that a task is waiting, so a queued
 * task starts at once rather than at the next poll. On PostgreSQL it is `NOTIFY`/`LISTEN` on one
 * channel, the payload naming the schema (several deployments or test runs may share one
 * database) and the task type; the listener holds one connection of its own beside the pool,
 * connects again when it is lost, and wakes its workers after each (re)connection, since
 * notifications sent meanwhile are gone. On SQLite nothing crosses processes: the workers of
 * the process that queued the task are woken directly, others find it at their next poll.
 */
export interface QueueSignal {
  /** Notifies other processes that a task of `type` waits (after it was committed). Never throws. */
  notify(type: TaskType): void;
  /**
   * Calls `onWake` whenever some process notifies `type`. Answers whether notifications will
   * arrive (false on SQLite, or when the connection cannot be opened now: it is tried again) and
   * the function that stops listening.
   */
  listen(
    type: TaskType,
    onWake: () => void,
  ): Promise<{ listening: boolean; stop: () => Promise<void> }>;
}

interface SignalLogger {
  error(object: unknown, message: string): void;
}

export function createQueueSignal(database: DatabaseHandle, logger: SignalLogger): QueueSignal {
  const clientConfig = database.clientConfig;
  if (database.dialect !== 'postgres' || clientConfig === undefined) {
    return {
      notify: () => undefined,
      listen: () => Promise.resolve({ listening: false, stop: () => Promise.resolve() }),
    };
  }
  const listeners = new Map<TaskType, Set<() => void>>();
  let client: pg.Client | undefined;
  let connecting: Promise<boolean> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let schema = '';

  const count = () => [...listeners.values()].reduce((total, set) => total + set.size, 0);
  const wakeAll = () => {
    for (const set of listeners.values()) {
      for (const onWake of set) {
        onWake();
      }
    }
  };

  function scheduleReconnect(): void {
    if (retry !== undefined || count() === 0) {
      return;
    }
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, reconnectMs);
    retry.unref();
  }

  function drop(lost: pg.Client): void {
    if (client === lost) {
      client = undefined;
    }
    lost.removeAllListeners('notification');
    void lost.end().catch(() => undefined);
  }

  function connect(): Promise<boolean> {
    connecting ??= (async () => {
      const opened = new pg.Client(clientConfig);
      opened.on('error', (error) => {
        logger.error({ err: error }, 'task queue listener lost its connection');
        drop(opened);
        scheduleReconnect();
      });
      opened.on('end', () => {
        if (client === opened) {
          client = undefined;
          scheduleReconnect();
        }
      });
      opened.on('notification', (message) => {
        const payload = message.payload ?? '';
        if (message.channel !== queueChannel || !payload.startsWith(`${schema}:`)) {
          return;
        }
        for (const onWake of listeners.get(payload.slice(schema.length + 1) as TaskType) ?? []) {
          onWake();
        }
      });
      try {
        await opened.connect();
        const { rows } = await opened.query<{ schema: string }>(
          'select current_schema() as schema',
        );
        schema = rows[0]?.schema ?? '';
        await opened.query(`listen ${queueChannel}`);
      } catch (error) {
        logger.error({ err: error }, 'task queue listener could not connect');
        drop(opened);
        scheduleReconnect();
        return false;
      }
      if (count() === 0) {
        drop(opened);
        return false;
      }
      client = opened;
      // Whatever was notified while no connection listened is looked for now.
      wakeAll();
      return true;
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  }

  return {
    notify(type) {
      sql`select pg_notify(${queueChannel}, current_schema() || ':' || ${type})`
        .execute(database.db)
        .catch((error: unknown) => logger.error({ err: error }, 'task queue notification failed'));
    },

    async listen(type, onWake) {
      const set = listeners.get(type) ?? new Set();
      listeners.set(type, set);
      // Each call adds its own entry, so two listens of one function stop separately.
      const entry = () => onWake();
      set.add(entry);
      const listening = client !== undefined || (await connect());
      return {
        listening,
        async stop() {
          set.delete(entry);
          if (count() > 0) {
            return;
          }
          if (retry !== undefined) {
            clearTimeout(retry);
            retry = undefined;
          }
          await connecting;
          const held = client;
          client = undefined;
          if (held !== undefined) {
            held.removeAllListeners('notification');
            await held.end().catch(() => undefined);
          }
        },
      };
    },
  };
}

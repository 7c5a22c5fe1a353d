import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'pino';

/**
 * The id of the API request whose work is running (`reqId`, as the API node's lines name it):
 * set around each route handler, and by a worker around a job a request queued (the id is kept
 * in the job's row), so the lines a job logs on any node name the request that started it.
 */
const requestIds = new AsyncLocalStorage<string>();

/** The id of the request whose work is running; `''` outside any (housekeeping, start-up). */
export function currentRequestId(): string {
  return requestIds.getStore() ?? '';
}

/** Runs `work` as the work of request `id` (a job's stored id; `''` runs it as nobody's). */
export function withRequestId<T>(id: string, work: () => T): T {
  return id === '' ? requestIds.exit(work) : requestIds.run(id, work);
}

type LineLogger = Pick<Logger, 'info' | 'warn' | 'error'>;
type LogMethod = (...args: unknown[]) => void;

/**
 * The logger the services and workers log with: every line written during a request's work
 * carries its id as `reqId` (a line that names a `reqId` of its own keeps it). Lines outside any
 * request are written as they are.
 */
export function requestIdLines<T extends LineLogger>(logger: T): T {
  const bind =
    (method: LogMethod): LogMethod =>
    (first?: unknown, ...rest: unknown[]) => {
      const reqId = requestIds.getStore();
      if (reqId === undefined) {
        method(first, ...rest);
      } else if (first instanceof Error) {
        method({ reqId, err: first }, ...rest);
      } else if (typeof first === 'object' && first !== null) {
        method({ reqId, ...first }, ...rest);
      } else {
        method({ reqId }, first, ...rest);
      }
    };
  const methods = logger as unknown as Record<'info' | 'warn' | 'error', LogMethod>;
  return Object.assign(Object.create(logger) as T, {
    info: bind(methods.info.bind(logger)),
    warn: bind(methods.warn.bind(logger)),
    error: bind(methods.error.bind(logger)),
  });
}

import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger that makes its child of the server's logger (bound to the request id) only
 * when something is written through it. Most requests write nothing at the configured level, and
 * a pino child per request (its bindings serialised, its prototype chain built) cost more than
 * several of the request's hooks together. A line the parent would drop is dropped here without
 * making the child.
 */
export class RequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  get level(): string {
    return this.#child?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.child_().level = level;
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }

  error(...args: unknown[]): void {
    this.write('error', args);
  }

  warn(...args: unknown[]): void {
    this.write('warn', args);
  }

  info(...args: unknown[]): void {
    this.write('info', args);
  }

  debug(...args: unknown[]): void {
    this.write('debug', args);
  }

  trace(...args: unknown[]): void {
    this.write('trace', args);
  }

  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.child_().child(bindings, options);
  }

  private write(level: Level, args: unknown[]): void {
    if (this.#child === undefined && !enabled(this.parent, level)) {
      return;
    }
    const log: (...args: unknown[]) => void = this.child_()[level];
    log.apply(this.#child, args);
  }

  private child_(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }
}

/** Whether `logger` writes `level`; a logger that cannot say is asked to write. */
function enabled(logger: FastifyBaseLogger, level: Level): boolean {
  const isLevelEnabled = (logger as Partial<{ isLevelEnabled(level: string): boolean }>)
    .isLevelEnabled;
  return typeof isLevelEnabled !== 'function' || isLevelEnabled.call(logger, level);
}

/**
 * Fastify's child logger factory with the per-request child made lazily. A route with its own log
 * level gets its child at once, since the parent's level no longer says what it writes.
 */
export function requestLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return options.level === undefined
    ? new RequestLogger(logger, bindings, options)
    : logger.child(bindings, options);
}

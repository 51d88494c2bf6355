import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level } from 'pino';

type Parent = FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };

/**
 * A request's logger (Fastify's `childLoggerFactory`) that makes the pino child with the request's
 * bindings only when something is logged at a level the parent writes. Making a child runs the
 * logger's redaction over the bindings (its wildcard paths apply to every key) and binds a method
 * per level: 2.5 KiB and a share of the CPU for every request, while in production (level `error`)
 * nearly no request logs anything (docs/decisions/048-lazy-request-logger.md). What is written is
 * the same line the child writes. A child with options of its own (a route's log level) is made at
 * once: its level is not the parent's.
 */
export function lazyChildLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options?: ChildLoggerOptions,
): FastifyBaseLogger {
  if (options && Object.keys(options).length) return parent.child(bindings, options);
  return new LazyChild(parent, bindings);
}

class LazyChild {
  #child: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: Parent,
    private readonly bindings: Bindings,
  ) {}

  private made(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings));
  }

  get level(): string {
    return (this.#child ?? this.parent).level;
  }

  set level(level: string) {
    this.made().level = level;
  }

  private write(level: Level, args: unknown[]) {
    const by = (this.#child ?? this.parent) as Parent;
    if (by.isLevelEnabled?.(level) ?? true) this.made()[level](...(args as [string]));
  }

  // On the prototype, not bound per instance: a request's logger allocates nothing until it writes.
  fatal(...args: unknown[]) {
    this.write('fatal', args);
  }
  error(...args: unknown[]) {
    this.write('error', args);
  }
  warn(...args: unknown[]) {
    this.write('warn', args);
  }
  info(...args: unknown[]) {
    this.write('info', args);
  }
  debug(...args: unknown[]) {
    this.write('debug', args);
  }
  trace(...args: unknown[]) {
    this.write('trace', args);
  }
  silent() {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.made().child(bindings, options);
  }
}

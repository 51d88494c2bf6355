import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

type BackendMessage = Parameters<typeof parse.parseResults>[0][number];
const { serialize } = protocol;

/** How many statements the embedded database keeps prepared (a few hundred texts run again and again). */
export const PREPARED_STATEMENTS = 200;

/**
 * Kysely over PGlite. PGlite is one connection, so the driver hands it out under a mutex:
 * a transaction holds it until commit or rollback, and other queries wait their turn.
 */
export class PGliteDialect implements Dialect {
  constructor(
    private readonly pg: PGlite,
    /** Whether destroying the Kysely closes the instance (the default), or leaves it open. */
    private readonly options: { closeClient?: boolean } = {},
  ) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pg, this.options.closeClient ?? true);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

/** Kysely's result of a PGlite result: the affected rows of a data-changing statement too. */
function toQueryResult<R>(sqlText: string, result: Results<R>): QueryResult<R> {
  const affected = result.affectedRows;
  return {
    rows: result.rows,
    ...(affected !== undefined && /^\s*(insert|update|delete|merge)/i.test(sqlText)
      ? { numAffectedRows: BigInt(affected) }
      : {}),
  };
}

/** The one connection: every statement runs prepared (`PreparedStatements`). */
class PGliteConnection implements DatabaseConnection {
  private readonly prepared: PreparedStatements;
  constructor(pg: PGlite) {
    this.prepared = new PreparedStatements(pg);
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    return toQueryResult(compiled.sql, await this.prepared.run<R>(compiled.sql, compiled.parameters));
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite 驱动不支持流式查询');
  }
}

/** A statement prepared on the connection: its name, its parameters' types and its rows' description. */
interface Prepared {
  name: string;
  paramTypes: number[];
  rowDescription: BackendMessage | undefined;
}

/**
 * Named prepared statements on PGlite, driven through its wire protocol the way `PGlite.query` drives
 * the unnamed one (docs/decisions/049-pglite-prepared-statements.md). `query` parses, describes and
 * plans its statement on every call, in six calls into WebAssembly; prepared, the app's statements
 * take a third to a half of that time (the bid batch's among them). Here a text is parsed
 * and described once; each run is a Bind, an Execute and a Sync in one call, and PostgreSQL's plan
 * cache keeps a generic plan once it finds one as good as the custom ones. The statements kept are
 * bounded: the least recently run is closed when a new one would pass the bound (texts that differ
 * only in the length of a list are distinct statements).
 */
class PreparedStatements {
  readonly #statements = new Map<string, Prepared>();
  #counter = 0;

  constructor(
    private readonly pg: PGlite,
    /** The most statements kept prepared at once. */
    private readonly max = PREPARED_STATEMENTS,
  ) {}

  /** Runs `text` with `params`; the caller holds the connection. */
  async run<R>(text: string, params: readonly unknown[]): Promise<Results<R>> {
    return this.pg.runExclusive(async () => {
      try {
        return await this.#run<R>(text, params);
      } catch (err) {
        // A statement whose plan went stale in a way PostgreSQL cannot replan (a table it reads was
        // changed so that its result type changed) is prepared again and run once more: the Bind
        // failed, so the statement did not run. Inside a transaction the failure aborted it, so the
        // error stands there (the statement is prepared afresh next time).
        if (!isStalePlan(err) || !this.#statements.has(text)) throw err;
        await this.#close(text);
        if (this.pg.isInTransaction()) throw err;
        return this.#run<R>(text, params);
      }
    });
  }

  async #run<R>(text: string, params: readonly unknown[]): Promise<Results<R>> {
    const prepared = this.#statements.get(text) ?? (await this.#prepare(text));
    // Most recently run last: the first entry is the one to close.
    this.#statements.delete(text);
    this.#statements.set(text, prepared);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      // As `PGlite.query` serializes: by the parameter's type, else as text.
      const serializer = this.pg.serializers[prepared.paramTypes[i] ?? 0];
      return serializer ? serializer(value) : asText(value);
    });
    // One call for the three messages: PGlite runs them in order. An error is thrown once the Sync
    // has run, so the connection is ready for the next statement either way.
    const messages = await this.#send(
      serialize.bind({ statement: prepared.name, values }),
      serialize.execute({}),
      serialize.sync(),
    );
    if (prepared.rowDescription) messages.unshift(prepared.rowDescription);
    await this.pg.syncToFs();
    const [result] = parse.parseResults(messages, this.pg.parsers);
    return result as Results<R>;
  }

  async #prepare(text: string): Promise<Prepared> {
    const name = `k${++this.#counter}`;
    let described: BackendMessage[];
    try {
      described = await this.#send(serialize.parse({ name, text }), serialize.describe({ type: 'S', name }));
    } catch (err) {
      // The Parse failed (nothing to close) or the Describe did; the Sync ends the failed cycle.
      await this.#send(serialize.close({ type: 'S', name }), serialize.sync());
      throw err;
    }
    while (this.#statements.size >= this.max) {
      const [oldest] = this.#statements.keys();
      if (oldest === undefined) break;
      await this.#close(oldest);
    }
    return {
      name,
      paramTypes: parse.parseDescribeStatementResults(described),
      rowDescription: described.find((m) => m.name === 'rowDescription'),
    };
  }

  async #close(text: string) {
    const prepared = this.#statements.get(text);
    this.#statements.delete(text);
    if (prepared) await this.#send(serialize.close({ type: 'S', name: prepared.name }), serialize.sync());
  }

  /** Protocol messages, sent in one call into PGlite: its answers, or the error of the first that failed. */
  #send(...messages: Uint8Array[]): Promise<BackendMessage[]> {
    return this.pg.execProtocolStream(messages.length === 1 ? messages[0]! : Buffer.concat(messages), {
      syncToFs: false,
    });
  }
}

/** A value whose parameter type has no serializer (an untyped literal): its text. */
function asText(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return `${value}`;
  return JSON.stringify(value);
}

function isStalePlan(err: unknown): boolean {
  return (
    err instanceof Error &&
    (err as { code?: string }).code === '0A000' &&
    /cached plan must not change result type/.test(err.message)
  );
}

class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection;
  private queue: Promise<void> = Promise.resolve();
  private release: (() => void) | null = null;

  constructor(
    private readonly pg: PGlite,
    private readonly closeClient: boolean,
  ) {
    this.connection = new PGliteConnection(pg);
  }

  async init() {
    await this.pg.waitReady;
    // PGlite starts its one session with client_min_messages = debug3 and log_min_messages = debug1:
    // every statement sent DEBUG notices back and formatted log lines, a quarter of a small update's
    // time (decision 049). PostgreSQL's own defaults instead, for every Kysely over PGlite.
    await this.pg.exec('set client_min_messages = notice; set log_min_messages = warning');
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.queue;
    let release!: () => void;
    this.queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.release = release;
    return this.connection;
  }

  async beginTransaction(conn: DatabaseConnection) {
    await conn.executeQuery(CompiledQuery.raw('begin'));
  }
  async commitTransaction(conn: DatabaseConnection) {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(conn: DatabaseConnection) {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }
  async releaseConnection() {
    const release = this.release;
    this.release = null;
    release?.();
  }
  async destroy() {
    if (this.closeClient) {
      if (!this.pg.closed) await this.pg.close();
      return;
    }
    // The instance goes on to another handle: a statement or transaction of this one still holding
    // the connection ends first (bounded, should one never end).
    await Promise.race([this.queue, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
  }
}

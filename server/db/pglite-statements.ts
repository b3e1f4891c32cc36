import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from "@electric-sql/pglite";

const { serialize } = protocol;

/** How many statements one PGlite instance keeps prepared; the least recently used is closed first. */
export const MAX_NAMED_STATEMENTS = 256;
/** Only plain data statements are kept: DDL, transaction control and the like go the usual way. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
/** Options our callers (drizzle, the bulk reader) pass that the named path honours; any other goes the usual way. */
const HONOURED_OPTIONS = new Set(["rowMode", "parsers", "serializers"]);

interface Statement {
  name: string;
  paramTypes: number[];
}

/** Instances already served (a test may open the same instance twice); names are unique in the process. */
const installed = new WeakSet<PGlite>();
let counter = 0;

type Query = <T>(query: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;

function joined(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function preparable(text: string, options: QueryOptions | undefined): boolean {
  if (!PREPARABLE.test(text)) return false;
  if (!options) return true;
  return Object.entries(options).every(([key, value]) => value === undefined || HONOURED_OPTIONS.has(key));
}

/** A cached plan whose result type changed under it (DDL after it was prepared): prepared again, once. */
function isStalePlan(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  return e?.code === "0A000" && typeof e.message === "string" && e.message.includes("cached plan");
}

class NamedStatements {
  private readonly statements = new Map<string, Statement>();

  constructor(private readonly client: PGlite) {}

  private exec(parts: Uint8Array[]) {
    return this.client.execProtocol(joined(parts), { syncToFs: false });
  }

  private async close(statement: Statement): Promise<void> {
    await this.exec([serialize.close({ type: "S", name: statement.name }), serialize.sync()]);
  }

  private async statementFor(text: string): Promise<Statement> {
    const known = this.statements.get(text);
    if (known) {
      this.statements.delete(text);
      this.statements.set(text, known);
      return known;
    }
    const name = `rbqm_${(++counter).toString(36)}`;
    const { messages } = await this.exec([
      serialize.parse({ name, text }),
      serialize.describe({ type: "S", name }),
      serialize.sync(),
    ]);
    const description = messages.find((m) => m.name === "parameterDescription") as
      { dataTypeIDs: number[] } | undefined;
    const statement = { name, paramTypes: description?.dataTypeIDs ?? [] };
    this.statements.set(text, statement);
    if (this.statements.size > MAX_NAMED_STATEMENTS) {
      const [oldestText, oldest] = this.statements.entries().next().value as [string, Statement];
      this.statements.delete(oldestText);
      await this.close(oldest);
    }
    return statement;
  }

  private values(statement: Statement, params: unknown[], options: QueryOptions | undefined): (string | null)[] {
    return params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[i]!;
      const serializer = options?.serializers?.[type] ?? this.client.serializers[type];
      return serializer ? (serializer(value) as string) : String(value);
    });
  }

  /** Runs under the query lock; `inTransaction`: inside `client.transaction`, where PGlite does not sync files. */
  private async runNamed<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    const statement = await this.statementFor(text);
    let messages;
    try {
      ({ messages } = await this.exec([
        serialize.bind({ statement: statement.name, values: this.values(statement, params, options) }),
        serialize.describe({ type: "P" }),
        serialize.execute({}),
        serialize.sync(),
      ]));
    } catch (error) {
      if (error && typeof error === "object") Object.assign(error, { query: text, params, queryOptions: options });
      throw error;
    }
    if (!inTransaction) await this.client.syncToFs();
    return parse.parseResults(messages, this.client.parsers, options)[0] as Results<T>;
  }

  async run<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    try {
      return await this.runNamed<T>(text, params, options, inTransaction);
    } catch (error) {
      if (!isStalePlan(error)) throw error;
      const stale = this.statements.get(text);
      this.statements.delete(text);
      if (stale) await this.close(stale);
      // Inside a transaction the failure has aborted it: the caller's rollback follows, and the next try prepares anew.
      if (inTransaction) throw error;
      return this.runNamed<T>(text, params, options, inTransaction);
    }
  }
}

/**
 * Serves a PGlite instance's queries from named prepared statements (docs/decisions/0063-pglite-named-statements.md). PGlite's own `query`
 * parses, describes and plans every statement afresh, in six calls into the WebAssembly engine; drizzle's PGlite
 * driver does not name its statements. Here each distinct statement text is parsed and described once per instance
 * (the server keeps its plan), and each execution is one call: Bind, Describe, Execute and Sync together. The
 * answers are PGlite's own: the same parameter serializers (by the types the server described), the same result
 * parser, the same errors (with the query and its parameters attached, as PGlite does), the same locks (the
 * transaction lock outside a transaction, the query lock always) and the same file sync after a statement outside a
 * transaction. Installed on the instance itself, so that `instanceof PGlite` and every other method stay as they
 * are.
 */
export function serveNamedStatements(client: PGlite): void {
  if (installed.has(client)) return;
  installed.add(client);
  const named = new NamedStatements(client);
  const plainQuery: Query = client.query.bind(client);
  const plainTransaction = client.transaction.bind(client);

  const query: Query = async (text, params = [], options) => {
    if (!preparable(text, options)) return plainQuery(text, params, options);
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(() => named.run(text, params, options, false)),
    );
  };
  const inTransaction = (tx: Transaction): Transaction => {
    const txQuery: Query = async (text, params = [], options) => {
      if (!preparable(text, options) || tx.closed) return tx.query(text, params, options);
      return client._runExclusiveQuery(() => named.run(text, params, options, true));
    };
    return Object.create(tx, { query: { value: txQuery } }) as Transaction;
  };

  Object.defineProperty(client, "query", { value: query, configurable: true, writable: true });
  Object.defineProperty(client, "transaction", {
    value: <T>(fn: (tx: Transaction) => Promise<T>) => plainTransaction((tx) => fn(inTransaction(tx))),
    configurable: true,
    writable: true,
  });
}

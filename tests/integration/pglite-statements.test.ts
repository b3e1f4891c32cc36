import { PGlite } from "@electric-sql/pglite";
import { MAX_NAMED_STATEMENTS, serveNamedStatements } from "@server/db/pglite-statements";
import { companies } from "@server/db/schema";
import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../support/db";

// PGlite's statements served from named prepared statements (server/db/pglite-statements.ts): the same answers,
// errors, locks and transactions as PGlite's own `query`, one parse per statement text, a bounded set of statements.

/** PGlite's own query, past the installed one. */
const plain = (client: PGlite, text: string, params?: unknown[], options?: object) =>
  PGlite.prototype.query.call(client, text, params, options);

async function prepared(client: PGlite): Promise<string[]> {
  const result = await plain(client, "select statement from pg_prepared_statements order by statement");
  return (result.rows as { statement: string }[]).map((r) => r.statement);
}

describe("named statements on PGlite", () => {
  let client: PGlite | undefined;
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.close();
    await client?.close();
    database = client = undefined;
  });

  async function fresh(): Promise<PGlite> {
    client = await PGlite.create();
    await client.exec(`
      create table t (id int primary key, name text, at timestamptz, tags text[], doc jsonb, ok boolean, n numeric);
      insert into t values (1, 'one', '2026-01-02T03:04:05Z', '{a,b}', '{"k":[1,2]}', true, 1.5),
                           (2, null, null, null, null, null, null);`);
    serveNamedStatements(client);
    return client;
  }

  it("answers as PGlite's own query does, for every type and row mode, and parses each text once", async () => {
    const pg = await fresh();
    const text = "select * from t where id = $1 or name = $2 order by id";
    for (const options of [undefined, { rowMode: "array" as const }, { parsers: { 1184: (v: string) => v } }]) {
      for (const params of [
        [1, null],
        [2, "one"],
        [3, "none"],
      ]) {
        const mine = await pg.query(text, params, options);
        const theirs = await plain(pg, text, params, options);
        expect(mine.rows).toEqual(theirs.rows);
        expect(mine.fields).toEqual(theirs.fields);
      }
    }
    const update = await pg.query("update t set name = $1 where id = $2", ["two", 2]);
    expect(update.affectedRows).toBe(1);
    expect((await pg.query("select name from t where id = $1", [2])).rows).toEqual([{ name: "two" }]);
    expect((await prepared(pg)).filter((s) => s === text)).toHaveLength(1);
  });

  it("keeps statements that are not plain data statements on PGlite's own path", async () => {
    const pg = await fresh();
    await pg.query("create table u (id int)");
    await pg.query("insert into u values ($1)", [7]);
    expect(await prepared(pg)).toEqual(["insert into u values ($1)"]);
  });

  it("gives PGlite's errors, with the query attached, and goes on answering", async () => {
    const pg = await fresh();
    const error = await pg.query("insert into t (id) values ($1)", [1]).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "23505", query: "insert into t (id) values ($1)", params: [1] });
    const syntax = await pg.query("select nonsense from t").catch((e: unknown) => e);
    expect(syntax).toMatchObject({ code: "42703" });
    expect((await pg.query("select count(*)::int as n from t")).rows).toEqual([{ n: 2 }]);
  });

  it("commits and rolls back transactions, a failed statement inside one included", async () => {
    const pg = await fresh();
    await pg.transaction(async (tx) => {
      await tx.query("insert into t (id, name) values ($1, $2)", [3, "three"]);
    });
    await expect(
      pg.transaction(async (tx) => {
        await tx.query("insert into t (id, name) values ($1, $2)", [4, "four"]);
        await tx.query("insert into t (id) values ($1)", [1]);
      }),
    ).rejects.toMatchObject({ code: "23505" });
    await expect(
      pg.transaction(async (tx) => {
        await tx.query("insert into t (id, name) values ($1, $2)", [5, "five"]);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect((await pg.query("select id from t order by id")).rows).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
  });

  it("serves concurrent callers one at a time, a transaction's statements together", async () => {
    const pg = await fresh();
    const reads = Array.from({ length: 40 }, (_, i) => pg.query("select $1::int + id as v from t where id = 1", [i]));
    const write = pg.transaction(async (tx) => {
      await tx.query("update t set name = $1 where id = $2", ["x", 1]);
      const seen = await tx.query("select name from t where id = $1", [1]);
      await tx.query("update t set name = $1 where id = $2", ["one", 1]);
      return seen.rows;
    });
    const answers = await Promise.all(reads);
    expect(answers.map((a) => (a.rows[0] as { v: number }).v)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(await write).toEqual([{ name: "x" }]);
    expect((await pg.query("select name from t where id = $1", [1])).rows).toEqual([{ name: "one" }]);
  });

  it("keeps at most a bounded number of statements, the least recently used closed first", async () => {
    const pg = await fresh();
    const first = "select 0 + id as v from t where id = $1";
    await pg.query(first, [1]);
    for (let i = 1; i <= MAX_NAMED_STATEMENTS + 10; i++) {
      await pg.query(`select ${i} + id as v from t where id = $1`, [1]);
      if (i % 50 === 0) await pg.query(first, [1]);
    }
    const kept = await prepared(pg);
    expect(kept.length).toBeLessThanOrEqual(MAX_NAMED_STATEMENTS);
    expect(kept).toContain(first);
    expect(kept).not.toContain("select 1 + id as v from t where id = $1");
    expect((await pg.query("select 1 + id as v from t where id = $1", [1])).rows).toEqual([{ v: 2 }]);
  });

  it("prepares a statement again when a table changed under its plan", async () => {
    const pg = await fresh();
    const text = "select * from t where id = $1";
    expect(Object.keys((await pg.query(text, [1])).rows[0] as object)).not.toContain("extra");
    await pg.exec("alter table t add column extra text default 'e'");
    expect((await pg.query(text, [1])).rows[0]).toMatchObject({ id: 1, extra: "e" });
  });

  it("serves drizzle on the product's database: the same rows, one statement per query text", async () => {
    database = await openTestDatabase("pglite");
    const company = { id: "c".repeat(24), displayName: "Named Co" };
    await database.db.insert(companies).values(company);
    for (let i = 0; i < 3; i++) {
      const [row] = await database.db.select().from(companies).where(eq(companies.id, company.id));
      expect(row).toMatchObject(company);
    }
    const texts = await prepared((database.db as unknown as { $client: PGlite }).$client);
    expect(texts.filter((t) => t.startsWith('select "id", "display_name"'))).toHaveLength(1);
    const { rows } = (await database.db.execute(sql`select count(*)::int as n from companies`)) as unknown as {
      rows: { n: number }[];
    };
    expect(rows[0]!.n).toBeGreaterThan(0);
  });
});

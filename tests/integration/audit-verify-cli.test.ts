import { spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build, type BuildOptions } from "esbuild";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createEmptyPostgresDatabase } from "../support/db";

/**
 * Issue 22, defect 10: `npm run audit:verify` as an operator runs it. Exit 0 intact, 1 broken, and 2 whenever it
 * could not run; it needs only the database settings (no APP_SECRET); it never changes the owner of the embedded
 * database's files, nor makes one where there is none.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

function verify(env: Record<string, string>, options: { checkout?: string; asUser?: string } = {}) {
  const script = path.join(options.checkout ?? root, "scripts", "audit-verify.mjs");
  // Run as another user (root's tests can write anywhere): setpriv drops to it for the command alone.
  const [command, args] = options.asUser
    ? ["setpriv", ["--reuid", options.asUser, "--regid", options.asUser, "--clear-groups", process.execPath, script]]
    : [process.execPath, [script]];
  const run = spawnSync(command, args, {
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "", HOME: os.tmpdir(), ENV_FILE: "none", NODE_ENV: "production", ...env },
    timeout: 120_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe("npm run audit:verify", () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "rbqm-verify-"));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it.runIf(Boolean(inject("postgresUrl")))("runs with DATABASE_URL alone, without APP_SECRET: exit 0", async () => {
    const empty = await createEmptyPostgresDatabase();
    try {
      const run = verify({ DATABASE_URL: empty.url });
      expect(run.stderr).toBe("");
      expect(run.stdout).toMatch(/0 entries checked in \d+ ms: chain intact/);
      expect(run.status).toBe(0);
    } finally {
      await empty.drop();
    }
  });

  it("exits 2, naming DATABASE_URL, when no database answers", async () => {
    const run = verify({ DATABASE_URL: `postgres://rbqm:pw-s3cret@127.0.0.1:${await closedPort()}/rbqm` });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^audit:verify could not run: Configuration error: DATABASE_URL no database answers/);
    expect(run.stderr).not.toContain("pw-s3cret");
  });

  it("exits 2 on a bad setting, and makes no embedded database where there is none", () => {
    expect(verify({ DATABASE_URL: "postgres://u:p@127.0.0.1:notaport/db" }).status).toBe(2);
    const none = path.join(dir, "none");
    const run = verify({ DATA_DIR: none });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("DATA_DIR has no embedded database");
    expect(fs.existsSync(none)).toBe(false);
  });

  it.runIf(process.getuid?.() === 0 && Boolean(inject("postgresUrl")))(
    "in a checkout its user cannot write: runs as built, and exits 2 (never 1) when it is not built",
    { timeout: 120_000 },
    async () => {
      // A copy of the checkout's command (its packages, sources and migrations linked), owned by root; run as nobody.
      const checkout = path.join(dir, "checkout");
      fs.chmodSync(dir, 0o755); // made 0700 by mkdtemp: the other user must reach the checkout, not write it
      fs.mkdirSync(path.join(checkout, "scripts"), { recursive: true });
      for (const name of ["audit-verify.mjs", "operator-command.mjs", "operator-commands.mjs"])
        fs.copyFileSync(path.join(root, "scripts", name), path.join(checkout, "scripts", name));
      fs.writeFileSync(path.join(checkout, "package.json"), '{ "type": "module" }\n');
      fs.symlinkSync(path.join(root, "node_modules"), path.join(checkout, "node_modules"));
      for (const name of ["server", "tsconfig.json"]) fs.symlinkSync(path.join(root, name), path.join(checkout, name));
      const before = fs.readdirSync(checkout).sort();
      const empty = await createEmptyPostgresDatabase();
      try {
        const unbuilt = verify({ DATABASE_URL: empty.url }, { checkout, asUser: "65534" });
        expect(unbuilt.status, unbuilt.stderr).toBe(2);
        expect(unbuilt.stderr).toMatch(
          /^audit:verify could not run: build\/audit-verify.js is missing .* run npm run build first/,
        );
        expect(fs.readdirSync(checkout).sort()).toEqual(before);

        // Built as npm run build builds it: it runs, writing nothing.
        const { OPERATOR_COMMANDS } = (await import(
          pathToFileURL(path.join(root, "scripts", "operator-commands.mjs")).href
        )) as { OPERATOR_COMMANDS: Record<string, BuildOptions> };
        const outfile = path.join(checkout, "build", "audit-verify.js");
        await build({ ...OPERATOR_COMMANDS["audit-verify.js"], outfile, logLevel: "silent" });
        const built = verify({ DATABASE_URL: empty.url }, { checkout, asUser: "65534" });
        expect(built.stderr, built.stderr).toBe("");
        expect(built.stdout).toMatch(/chain intact/);
        expect(built.status).toBe(0);
        expect(fs.readdirSync(path.join(checkout, "build"))).toEqual(["audit-verify.js"]);
      } finally {
        await empty.drop();
      }
    },
  );

  it.runIf(process.getuid?.() === 0)(
    "exits 2 on an embedded database another user owns, and changes the owner of none of its files",
    () => {
      const dataDir = path.join(dir, "owned");
      // The service's files, as its user left them (their content does not matter: nothing may be opened).
      fs.mkdirSync(path.join(dataDir, "pglite", "base"), { recursive: true });
      fs.writeFileSync(path.join(dataDir, "pglite", "PG_VERSION"), "17\n");
      const owner = 65534; // nobody
      const chown = (at: string) => {
        fs.chownSync(at, owner, owner);
        if (fs.statSync(at).isDirectory()) for (const name of fs.readdirSync(at)) chown(path.join(at, name));
      };
      chown(dataDir);
      const run = verify({ DATA_DIR: dataDir });
      expect(run.status).toBe(2);
      expect(run.stderr).toContain(`belongs to user id ${owner}`);
      const foreign: string[] = [];
      const walk = (at: string) => {
        if (fs.lstatSync(at).uid !== owner) foreign.push(at);
        if (fs.lstatSync(at).isDirectory()) for (const name of fs.readdirSync(at)) walk(path.join(at, name));
      };
      walk(dataDir);
      expect(foreign).toEqual([]);
    },
  );
});

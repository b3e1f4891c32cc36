import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * A throwaway PostgreSQL cluster for the test run: initdb in a temporary directory, started on 127.0.0.1 on a free
 * port, stopped and removed afterwards. Found through PATH or /usr/lib/postgresql/<version>/bin.
 */
export interface Cluster {
  url: string;
  /** Stops the server, keeping its data (the database "goes away" under a running service). */
  pause(): void;
  /** Starts it again on the same port and data. */
  resume(): void;
  stop(): void;
}

export function findPostgresBin(): string | null {
  const candidates: string[] = [];
  const root = "/usr/lib/postgresql";
  if (fs.existsSync(root)) {
    for (const version of fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)))
      candidates.push(path.join(root, version, "bin"));
  }
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) candidates.push(dir);
  for (const dir of candidates) {
    if (fs.existsSync(path.join(dir, "initdb")) && fs.existsSync(path.join(dir, "pg_ctl"))) return dir;
  }
  return null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** `password`: the superuser's password, asked of every TCP connection (scram-sha-256), as a production server does. */
export async function startCluster(bin: string, options: { password?: string } = {}): Promise<Cluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rbqm-pg-"));
  const dataDir = path.join(dir, "data");
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  // initdb refuses to run as root: run the server as the postgres user then.
  const run = (command: string, args: string[]) => {
    if (asRoot) {
      const line = [path.join(bin, command), ...args].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(" ");
      const result = spawnSync("su", ["postgres", "-s", "/bin/sh", "-c", line], { encoding: "utf8" });
      if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
    } else {
      execFileSync(path.join(bin, command), args, { stdio: "pipe" });
    }
  };
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    fs.chownSync(dir, uid, gid);
  }
  const auth = ["--auth=trust"];
  if (options.password !== undefined) {
    const pwfile = path.join(dir, "pwfile");
    fs.writeFileSync(pwfile, `${options.password}\n`, { mode: 0o600 });
    if (asRoot) fs.chownSync(pwfile, fs.statSync(dir).uid, fs.statSync(dir).gid);
    auth.splice(0, 1, "--auth-local=trust", "--auth-host=scram-sha-256", `--pwfile=${pwfile}`);
  }
  run("initdb", ["-D", dataDir, "-U", "postgres", ...auth, "--no-sync", "-E", "UTF8", "--locale=C"]);
  const startServer = () =>
    run("pg_ctl", [
      "-D",
      dataDir,
      "-o",
      `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
      "-l",
      path.join(dir, "server.log"),
      "-w",
      "start",
    ]);
  startServer();
  return {
    url:
      options.password === undefined
        ? `postgres://postgres@127.0.0.1:${port}/postgres`
        : `postgres://postgres:${encodeURIComponent(options.password)}@127.0.0.1:${port}/postgres`,
    // A fast shutdown: connections are cut, but what was committed is kept (the cluster runs with synchronous_commit off).
    pause: () => run("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "stop"]),
    resume: startServer,
    stop() {
      try {
        if (fs.existsSync(path.join(dataDir, "postmaster.pid")))
          run("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { DEMO_PASSWORD } from "@server/seed/demo";
import { TEST_SECRET } from "./service";

/**
 * The real process entry (server/main.ts, run with tsx) in a child process, as an operator starts it: the API alone
 * (ROLE=api, so no web build is needed), on 127.0.0.1. For the tests of start-up, shutdown and connection faults
 * (issue 22), which need a process that can die, be killed or be refused its port.
 */
export interface ServiceProcess {
  child: ChildProcess;
  port: number;
  /** Everything the process wrote so far, stdout and stderr. */
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** A call to the API over HTTP. */
  call(path: string, init?: { token?: string; json?: unknown; body?: BodyInit; method?: string }): Promise<Response>;
  signIn(email: string): Promise<string>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = http.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export function tempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "rbqm-proc-"));
}

/**
 * Starts the process; resolves once it listens (`ready: "listening"`) or once it has started (`ready: "spawned"`,
 * for processes expected to fail).
 */
export async function startServiceProcess(
  env: Record<string, string>,
  options: { ready?: "listening" | "spawned"; timeoutMs?: number } = {},
): Promise<ServiceProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      LOG_LEVEL: "info",
      ENV_FILE: "none",
      APP_SECRET: TEST_SECRET,
      ROLE: "api",
      HOST: "127.0.0.1",
      SEED_DEMO_DATA: "true",
      ...env,
      PORT: String(port),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const call: ServiceProcess["call"] = (apiPath, init = {}) => {
    const headers = new Headers();
    if (init.token) headers.set("authorization", `Bearer ${init.token}`);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set("content-type", "application/json");
      body = JSON.stringify(init.json);
    }
    return fetch(`http://127.0.0.1:${port}${apiPath}`, { method: init.method ?? "POST", headers, body });
  };
  const service: ServiceProcess = {
    child,
    port,
    output: () => output,
    exited,
    call,
    async signIn(email) {
      const form = new FormData();
      form.set("Email", email);
      form.set("Password", DEMO_PASSWORD);
      const res = await call("/api/auth/login", { body: form });
      if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { access_token: string }).access_token;
    },
  };
  if (options.ready === "spawned") return service;
  const until = Date.now() + (options.timeoutMs ?? 90_000);
  while (!output.includes('"listening on')) {
    if (child.exitCode !== null) throw new Error(`the service exited ${child.exitCode}:\n${output}`);
    if (Date.now() > until) {
      child.kill("SIGKILL");
      throw new Error(`the service did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return service;
}

/** Ends a process still running (SIGKILL) and waits for its end. */
export async function killProcess(service: ServiceProcess | undefined): Promise<void> {
  if (!service) return;
  if (service.child.exitCode === null && service.child.signalCode === null) service.child.kill("SIGKILL");
  await service.exited;
}

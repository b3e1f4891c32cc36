import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { MessageChannel } from "node:worker_threads";
import { Piscina } from "piscina";
import type { AnalysisOutcome, AnalysisStage, AnalysisTask } from "./worker";

/**
 * The worker thread pool of the analyses (piscina; docs/decisions/0028-…). In the production build the worker is
 * build/protocol-analysis-worker.js beside build/server.js; from the sources (tests, development) worker.ts is bundled
 * once per process with esbuild into a temporary file.
 */
export interface AnalysisPool {
  /** Runs one analysis; `onStage` hears when the worker has read the file and starts analysing. */
  run(
    task: Omit<AnalysisTask, "progress">,
    signal?: AbortSignal,
    onStage?: (stage: AnalysisStage) => void,
  ): Promise<AnalysisOutcome>;
  close(): Promise<void>;
}

export const BUILT_WORKER = "protocol-analysis-worker.js";

let sourceBuild: Promise<string> | null = null;

async function workerFile(): Promise<string> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const built = path.join(here, BUILT_WORKER);
  if (fs.existsSync(built)) return built;
  const source = path.join(here, "worker.ts");
  if (!fs.existsSync(source)) throw new Error(`The analysis worker (${BUILT_WORKER}) is missing: run npm run build.`);
  sourceBuild ??= (async () => {
    const { build } = await import("esbuild");
    // Inside the project, so that the worker's imports (node_modules) resolve as the sources' do.
    const root = path.resolve(here, "..", "..");
    const outfile = path.join(root, "node_modules", ".cache", "rbqm", `protocol-analysis-worker-${process.pid}.mjs`);
    await build({
      entryPoints: [source],
      outfile,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      packages: "external",
      absWorkingDir: root,
      logLevel: "warning",
    });
    return outfile;
  })();
  return sourceBuild;
}

export async function createAnalysisPool(threads: number): Promise<AnalysisPool> {
  const filename = await workerFile();
  const pool = new Piscina({
    filename: pathToFileURL(filename).href,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 60_000,
  });
  return {
    run: async (task, signal, onStage) => {
      if (!onStage) return (await pool.run(task, { signal, transferList: [] })) as AnalysisOutcome;
      const channel = new MessageChannel();
      channel.port1.on("message", (stage: AnalysisStage) => onStage(stage));
      try {
        const progress = channel.port2;
        return (await pool.run({ ...task, progress }, { signal, transferList: [progress] })) as AnalysisOutcome;
      } finally {
        channel.port1.close();
      }
    },
    close: () => pool.destroy(),
  };
}

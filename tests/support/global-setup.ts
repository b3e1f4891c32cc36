import type { TestProject } from "vitest/node";
import { findPostgresBin, startCluster, type Cluster } from "./postgres-cluster";

declare module "vitest" {
  export interface ProvidedContext {
    /** An admin connection URL to a PostgreSQL server for tests, or "" when PostgreSQL is not installed. */
    postgresUrl: string;
  }
}

let cluster: Cluster | undefined;

/** Starts a throwaway PostgreSQL cluster when PostgreSQL is installed (CI installs it), or uses TEST_DATABASE_URL. */
export async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide("postgresUrl", process.env.TEST_DATABASE_URL);
    return;
  }
  const bin = findPostgresBin();
  if (!bin) {
    console.warn(
      "\n[tests] PostgreSQL is not installed: database tests run on PGlite only. Install it with `sudo apt-get install -y postgresql` to run them on PostgreSQL too.\n",
    );
    project.provide("postgresUrl", "");
    return;
  }
  cluster = await startCluster(bin);
  project.provide("postgresUrl", cluster.url);
}

export function teardown() {
  cluster?.stop();
  cluster = undefined;
}

import fs from "node:fs";
import { broadcastDevReady, createRequestHandler, type ServerBuild } from "@remix-run/node";

export type RemixHandler = (request: Request, loadContext: Record<string, unknown>) => Promise<Response>;

/**
 * The Remix request handler for build/index.js. In development the build is re-imported when it changes
 * (remix dev rebuilds it), without restarting the process or reopening the database.
 */
export async function loadRemixHandler(buildPath: string, mode: "production" | "development"): Promise<RemixHandler> {
  let build = (await import(buildPath)) as ServerBuild;
  let handler = createRequestHandler(build, mode) as RemixHandler;
  if (mode === "production") return handler;

  // Under `remix dev`, tell it each build is being served (live reload).
  const announce = (served: ServerBuild) => {
    if (process.env.REMIX_DEV_ORIGIN) void broadcastDevReady(served).catch(() => undefined);
  };
  announce(build);

  let loadedAt = fs.statSync(new URL(buildPath)).mtimeMs;
  const devHandler: RemixHandler = async (request, loadContext) => {
    const mtime = fs.statSync(new URL(buildPath)).mtimeMs;
    if (mtime !== loadedAt) {
      loadedAt = mtime;
      build = (await import(`${buildPath}?t=${mtime}`)) as ServerBuild;
      handler = createRequestHandler(build, mode) as RemixHandler;
      announce(build);
    }
    return handler(request, loadContext);
  };
  return devHandler;
}

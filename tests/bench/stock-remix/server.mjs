// The stock Remix baseline's server (scripts/bench-http.mjs): the build given as the first argument, behind the same
// Node adapter as the product's service (server/main.ts: Hono on @hono/node-server, compress, and
// createRequestHandler of @remix-run/node), on 127.0.0.1:$PORT.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { serve } from "@hono/node-server";
import { createRequestHandler } from "@remix-run/node";
import { Hono } from "hono";
import { compress } from "hono/compress";

const build = await import(pathToFileURL(path.resolve(process.argv[2])).href);
const handler = createRequestHandler(build, "production");
const app = new Hono();
app.use("*", compress());
app.all("*", (c) => handler(c.req.raw, {}));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: "127.0.0.1" }, (info) => {
  process.stdout.write(`stock Remix listening on ${info.port}\n`);
});
process.on("SIGTERM", () => process.exit(0));

import http from "node:http";
import type { Peer, PeerOptions } from "./index";

/** The analysis gate listens on basePort + 4. */
export const ANALYSIS_GATE_PORT_OFFSET = 4;
export const analysisGateUrl = (basePort: number) => `http://127.0.0.1:${basePort + ANALYSIS_GATE_PORT_OFFSET}`;
/** A protocol whose file name contains this waits at the gate until the test releases it. */
export const HOLD_MARK = "[hold]";

/**
 * The service's ANALYSIS_HOLD_URL (ADR 0043): a running request asks here before it reads its file. A file whose name
 * carries HOLD_MARK is held until the test posts its name to /release; every other request goes on at once, so that
 * the other tests do not notice the gate.
 */
export async function startAnalysisGatePeer(options: PeerOptions): Promise<Peer> {
  const held = new Map<string, http.ServerResponse[]>();
  const released = new Set<string>();
  const go = (res: http.ServerResponse) => res.writeHead(204, { connection: "close" }).end();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      if (req.url === "/release") {
        released.add(text);
        for (const waiting of held.get(text) ?? []) go(waiting);
        held.delete(text);
        go(res);
        return;
      }
      const { fileName } = JSON.parse(text || "{}") as { fileName?: string };
      if (!fileName?.includes(HOLD_MARK) || released.has(fileName)) return go(res);
      held.set(fileName, [...(held.get(fileName) ?? []), res]);
    });
  });
  const port = options.basePort + ANALYSIS_GATE_PORT_OFFSET;
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    env: { ANALYSIS_HOLD_URL: `${analysisGateUrl(options.basePort)}/hold` },
    close: () =>
      new Promise((resolve) => {
        for (const list of held.values()) for (const res of list) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * An OpenAI-compatible chat endpoint on 127.0.0.1 that holds every request until it is opened, then answers an empty
 * risk list (a finished analysis with no rows). `asked` counts the requests it received: how many analyses reached
 * the model. Closed and never opened, it is a model that hangs.
 */
export interface LlmGate {
  url: string;
  asked(): number;
  open(): void;
  close(): Promise<void>;
}

export async function startLlmGate(): Promise<LlmGate> {
  let asked = 0;
  let opened = false;
  const held: http.ServerResponse[] = [];
  const answer = (res: http.ServerResponse) =>
    res.writeHead(200, { "content-type": "application/json", connection: "close" }).end(
      JSON.stringify({
        id: "chatcmpl-gate",
        object: "chat.completion",
        created: 1_700_000_000,
        model: "fake",
        choices: [{ index: 0, message: { role: "assistant", content: '{"rows":[]}' }, finish_reason: "stop" }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      }),
    );
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      asked += 1;
      if (opened) answer(res);
      else held.push(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    asked: () => asked,
    open() {
      opened = true;
      for (const res of held.splice(0)) answer(res);
    },
    close: () =>
      new Promise((resolve) => {
        for (const res of held.splice(0)) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Polls `check` every 100 ms until it is true; fails after `limit` tries with `what`. */
export async function until(what: string, check: () => boolean | Promise<boolean>, limit = 600): Promise<void> {
  for (let i = 0; !(await check()); i++) {
    if (i >= limit) throw new Error(`never happened: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

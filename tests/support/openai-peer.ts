import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export interface ChatRequest {
  headers: IncomingMessage["headers"];
  body: {
    model?: string;
    messages?: { role: string; content: string }[];
    response_format?: { type?: string; json_schema?: { name?: string; schema?: unknown } };
    temperature?: number;
  };
}

/** What the fake model answers to a request: a message content, or an HTTP status with a body. */
export type ChatAnswer = { content: string } | { status: number; body: string };

/**
 * A fake OpenAI-compatible chat server on 127.0.0.1: `POST /v1/chat/completions` answers from a script (a function of
 * the request and its index), in the shape of the OpenAI API, and keeps every request it received.
 */
export interface TestOpenAi {
  baseUrl: string;
  requests: ChatRequest[];
  close(): Promise<void>;
}

export async function startTestOpenAi(answer: (req: ChatRequest, index: number) => ChatAnswer): Promise<TestOpenAi> {
  const requests: ChatRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
        res.writeHead(404, { "content-type": "application/json" }).end('{"error":{"message":"not found"}}');
        return;
      }
      let body: ChatRequest["body"];
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as ChatRequest["body"];
      } catch {
        res.writeHead(400, { "content-type": "application/json" }).end('{"error":{"message":"bad json"}}');
        return;
      }
      const request = { headers: req.headers, body };
      requests.push(request);
      const a = answer(request, requests.length - 1);
      if ("status" in a) {
        res.writeHead(a.status, { "content-type": "application/json" }).end(a.body);
        return;
      }
      res.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          id: `chatcmpl-${requests.length}`,
          object: "chat.completion",
          created: 1_700_000_000,
          model: body.model ?? "fake",
          choices: [{ index: 0, message: { role: "assistant", content: a.content }, finish_reason: "stop" }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}

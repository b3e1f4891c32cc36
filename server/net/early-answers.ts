import http from "node:http";
import type { Socket } from "node:net";

/**
 * Early answers that the client can read (issue 22, defect 12; docs/decisions/0035-…). A request may be answered
 * before its body has arrived whole: an upload whose file part has the wrong name, a body beyond a limit, a caller
 * without the right. Closing the connection at once would make the client's next writes meet a reset, and most
 * clients then report the reset ("fetch failed", EPIPE) instead of the answer they were sent. So, as web servers do
 * for an early 413 ("lingering close"):
 *  - the answer says `Connection: close`;
 *  - after it, the rest of the body is read and thrown away, within a bound of bytes and of time (a client that
 *    would send on for ever is cut off at the bound), and only then is the connection closed.
 */
export interface LingerBounds {
  /** The most bytes read after an early answer (beyond, the connection is cut). */
  maxBytes: number;
  /** The longest wait for the rest of the body. */
  maxMs: number;
}

export const DEFAULT_LINGER: LingerBounds = { maxBytes: 64 * 1024 * 1024, maxMs: 30_000 };

const sockets = new WeakMap<Socket, { request: http.IncomingMessage; lingering: boolean }>();

const hasBody = (request: http.IncomingMessage) =>
  request.method !== "GET" && request.method !== "HEAD" && request.method !== "OPTIONS";

/** Wraps a request listener so that its early answers linger (see above). */
export function lingerOnEarlyAnswers(
  listener: http.RequestListener,
  bounds: LingerBounds = DEFAULT_LINGER,
): http.RequestListener {
  return (request, response) => {
    const socket = request.socket;
    if (hasBody(request)) {
      let state = sockets.get(socket);
      if (!state) {
        state = { request, lingering: false };
        sockets.set(socket, state);
        const destroySoon = socket.destroySoon.bind(socket);
        // Node ends a "Connection: close" exchange with destroySoon() once the answer is written.
        socket.destroySoon = () => {
          const current = sockets.get(socket)!;
          if (current.request.complete || socket.destroyed) return destroySoon();
          if (!current.lingering) {
            current.lingering = true;
            linger(socket, current.request, bounds);
          }
        };
      }
      state.request = request;
      const writeHead = response.writeHead;
      response.writeHead = function (this: http.ServerResponse, ...args: unknown[]) {
        if (!request.complete) this.setHeader("connection", "close");
        return (writeHead as (...a: unknown[]) => http.ServerResponse).apply(this, args);
      } as typeof response.writeHead;
    }
    listener(request, response);
  };
}

/** Reads and drops the rest of the request's body, then closes; cut off at the bounds. */
function linger(socket: Socket, request: http.IncomingMessage, bounds: LingerBounds): void {
  // The answer is complete: half-close (the client may go on sending, and reads the answer meanwhile).
  socket.end();
  let bytes = 0;
  const finish = () => {
    clearTimeout(timer);
    request.off("data", onData);
    if (!socket.destroyed) socket.destroy();
  };
  const onData = (chunk: Buffer) => {
    bytes += chunk.byteLength;
    if (bytes > bounds.maxBytes) finish();
  };
  const timer = setTimeout(finish, bounds.maxMs);
  timer.unref();
  // Whoever was reading the body (and may have stopped, leaving it paused) has answered: the rest goes nowhere.
  request.removeAllListeners("data");
  request.on("data", onData);
  request.once("end", finish);
  request.once("error", finish);
  socket.once("close", finish);
  request.resume();
}

/** http.createServer with lingering early answers, as @hono/node-server's `createServer` option. */
export const createLingeringServer = ((options: http.ServerOptions, listener: http.RequestListener) =>
  http.createServer(options, lingerOnEarlyAnswers(listener))) as unknown as typeof http.createServer;

/** The options of @hono/node-server's serve() that make its early answers linger (server/main.ts). */
export const lingering = { createServer: createLingeringServer };

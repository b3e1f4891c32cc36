import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { FragmentCacheContext } from "./lib/fragment-cache";
import { cachedFragment, createFragmentCache } from "./lib/fragment-cache.server";
import { I18nProvider } from "./lib/i18n-react";
import { getLocale, translatorFor } from "./lib/i18next.server";
import { NonceProvider } from "./lib/nonce";
import { documentSecurityHeaders } from "./lib/security-headers.server";

export const streamTimeout = 5_000;

/** The markup of the parts made once per input (the header), for this process (ADR 0067). */
const CachedFragment = cachedFragment(createFragmentCache());

/** Collects the rendered document; React may end its destination more than once, which is not an error here. */
class DocumentSink extends Writable {
  override end(...args: unknown[]): this {
    if (this.writableEnded) return this;
    return (super.end as (...rest: unknown[]) => this)(...args);
  }
}

/**
 * Renders the whole document, then answers it in one piece with its length. The pages defer nothing (every loader
 * has finished before rendering starts), so streaming would only cut the same bytes into many small socket writes;
 * one buffer is cheaper to send and lets the no-JavaScript client and bots read a complete page
 * (docs/decisions/0021-fast-pages.md).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  const locale = await getLocale(request);

  // Cleared once the document is made: a timer left for every request would keep its render alive for seconds.
  let timeout: NodeJS.Timeout | undefined;
  return new Promise<Response>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new DocumentSink({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        const body = Buffer.concat(chunks);
        responseHeaders.set("content-type", "text/html; charset=utf-8");
        responseHeaders.set("content-length", String(body.byteLength));
        documentSecurityHeaders(responseHeaders, nonce, loadContext.web.isProduction);
        resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
        clearTimeout(timeout);
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider nonce={nonce}>
        <I18nProvider t={translatorFor(locale)} locale={locale}>
          <FragmentCacheContext.Provider value={CachedFragment}>
            <RemixServer context={remixContext} url={request.url} nonce={nonce} />
          </FragmentCacheContext.Provider>
        </I18nProvider>
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          loadContext.logger.error({ err: error }, "render error");
        },
      },
    );
    timeout = setTimeout(abort, streamTimeout + 1000);
    timeout.unref();
  });
}

/** Loaders and actions throw Responses on purpose and those never reach here; anything else is a bug worth a log line. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // A 4xx thrown on purpose (a malformed parameter's 404) is an answer, not a bug.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  context.logger.error({ err: error, path: new URL(request.url).pathname }, "unhandled route error");
};

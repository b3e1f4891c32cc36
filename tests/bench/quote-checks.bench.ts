import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { extractProtocol, renderRecognizedText } from "@server/protocol-analysis/extract";
import { bench, describe } from "vitest";
import { checkQuote, protocolPages, quoteFinder } from "~/features/protocol-analysis/evidence";
import { findSharedProtocols } from "../support/shared-protocols";

/**
 * The results pages' quote checks (issue 24's evidence; issue 26: a CTQ report on the DOCX protocol took seconds of
 * the one request thread per view, so its revalidation after an insert held every other request up), reported by
 * `npm run bench`, not asserted: 40 quotes (30 on their page, 10 nowhere) against the recognised covacta protocol (one
 * 184,000-character stretch: a DOCX has no pages) and a 93-page PDF, checked by one quoteFinder (each page made
 * comparable once) against the baseline of one checkQuote per quote in the same run (each quote making the page
 * comparable again, as every row did before). Measured on 2026-11-28 (machine at load 14): ×84 on the DOCX, ×9 on the
 * PDF; with the former per-character comparable() the same 40 checks on the DOCX took 8–19 s, now 35–160 ms.
 */
const DIR = findSharedProtocols() ?? path.resolve(process.cwd(), "..", "shared", "protocols");

async function pagesOf(name: string) {
  const file = path.join(DIR, name);
  if (!existsSync(file)) return null;
  const bytes = new Uint8Array(readFileSync(file));
  return protocolPages(renderRecognizedText(await extractProtocol(bytes, name.endsWith(".pdf") ? "pdf" : "docx")));
}

function quotesOf(pages: NonNullable<Awaited<ReturnType<typeof pagesOf>>>) {
  return Array.from({ length: 40 }, (_, i) => {
    const p = pages[(i * 7) % pages.length]!;
    const at = Math.floor((p.text.length * ((i * 37) % 100)) / 100);
    return { page: p.page, quote: i % 4 === 0 ? `not in the protocol ${i}` : p.text.slice(at, at + 80) };
  });
}

const options = { iterations: 2, warmupIterations: 0, time: 0 };
for (const name of ["roche-wa42380-covacta.docx", "upenn-parpvax.pdf"]) {
  const pages = await pagesOf(name);
  if (!pages) continue;
  const quotes = quotesOf(pages);
  describe(`quote checks, 40 rows, ${name}`, () => {
    bench(
      "baseline: one checkQuote per row",
      () => {
        for (const q of quotes) checkQuote(pages, q.page, q.quote);
      },
      options,
    );
    bench(
      "one quoteFinder for the page",
      () => {
        const check = quoteFinder(pages);
        for (const q of quotes) check(q.page, q.quote);
      },
      options,
    );
  });
}

import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createAnalyzer } from "@server/protocol-analysis/analyzers";
import { extractProtocol } from "@server/protocol-analysis/extract";
import { bench, describe } from "vitest";
import { generatedProtocol } from "../fixtures/protocols/generate";
import { findSharedProtocols } from "../support/shared-protocols";

/**
 * Protocol extraction and offline analysis (issue 15; ADR 0029), reported, not asserted:
 *  - unpdf (in process, warm) next to poppler's `pdftotext` (a process per file) on the real PDFs of
 *    ../shared/protocols and on the generated ~100-page PDF; goals: no slower in total on the real PDFs, ≤ 4× on the
 *    generated one. pdftotext runs only when installed (`apt-get install -y poppler-utils`).
 *  - the offline analyzer on the 100-page protocol, extraction included (the worker's CPU part of a job); goal ≤ 5 s
 *    from start to Finished, of which this is the part the reading half owns.
 */
const DIR = findSharedProtocols() ?? path.resolve(process.cwd(), "..", "shared", "protocols");
const pdftotext = ["/usr/bin/pdftotext", "/usr/local/bin/pdftotext"].find((p) => existsSync(p));
const work = mkdtempSync(path.join(tmpdir(), "protocol-bench-"));

// Benchmarks run no hooks before timing, so the inputs are prepared at module load.
const real = existsSync(DIR)
  ? readdirSync(DIR)
      .filter((f) => f.endsWith(".pdf"))
      .sort()
      .map((f) => ({ name: f, file: path.join(DIR, f), bytes: new Uint8Array(readFileSync(path.join(DIR, f))) }))
  : [];
const long = await generatedProtocol("gen-ph3-cardio-100p");
const longFile = path.join(work, "gen-ph3-cardio-100p.pdf");
writeFileSync(longFile, long.bytes);
// Warm the extractor (pdf.js start-up) once, as a worker thread of the pool would be.
await extractProtocol(long.bytes, "pdf");

const options = { iterations: 3, warmupIterations: 1, time: 0 };

describe("PDF extraction: unpdf vs pdftotext", () => {
  for (const r of real) {
    bench(
      `unpdf extractProtocol ${r.name}`,
      async () => {
        await extractProtocol(r.bytes, "pdf");
      },
      options,
    );
    if (pdftotext) {
      bench(
        `pdftotext ${r.name}`,
        () => {
          execFileSync(pdftotext, [r.file, "-"], { maxBuffer: 64 * 1024 * 1024 });
        },
        options,
      );
    }
  }
  bench(
    "unpdf extractProtocol generated 100-page PDF",
    async () => {
      await extractProtocol(long.bytes, "pdf");
    },
    options,
  );
  if (pdftotext) {
    bench(
      "pdftotext generated 100-page PDF",
      () => {
        execFileSync(pdftotext, [longFile, "-"], { maxBuffer: 64 * 1024 * 1024 });
      },
      options,
    );
  }
});

describe("offline analysis of a 100-page protocol", () => {
  const analyzer = createAnalyzer({ analyzer: "offline" });
  bench(
    "extract + offline analyzer, generated 100-page PDF",
    async () => {
      const doc = await extractProtocol(long.bytes, "pdf");
      await analyzer.assessRisks(doc);
    },
    options,
  );
});

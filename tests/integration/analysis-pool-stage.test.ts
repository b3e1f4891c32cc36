import { afterAll, describe, expect, it } from "vitest";
import { createAnalysisPool, type AnalysisPool } from "../../server/protocol-analysis/pool";
import type { AnalysisStage } from "../../server/protocol-analysis/worker";
import { simpleProtocolPdf } from "../support/protocol-files";

/** Issue 24's live status: the worker says when reading the file is over, so the page can show "Analysing". */
describe("the analysis pool's stages", () => {
  let pool: AnalysisPool | null = null;
  afterAll(async () => pool?.close());

  it("reports 'analysing' once the file is read, before the outcome", async () => {
    pool = await createAnalysisPool(1);
    const heard: AnalysisStage[] = [];
    const outcome = await pool.run(
      { bytes: new Uint8Array(await simpleProtocolPdf()), format: "pdf", analyzer: { analyzer: "offline" } },
      undefined,
      (stage) => heard.push(stage),
    );
    expect(outcome.kind).toBe("done");
    expect(heard).toEqual(["analysing"]);
  }, 120_000);

  it("reports no stage for a file it cannot read", async () => {
    pool ??= await createAnalysisPool(1);
    const heard: AnalysisStage[] = [];
    const outcome = await pool.run(
      { bytes: new Uint8Array(Buffer.from("%PDF-1.4 not really")), format: "pdf", analyzer: { analyzer: "offline" } },
      undefined,
      (stage) => heard.push(stage),
    );
    expect(outcome.kind).toBe("unreadable");
    expect(heard).toEqual([]);
  }, 120_000);
});

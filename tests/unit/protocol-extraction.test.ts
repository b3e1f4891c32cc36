import { createHash } from "node:crypto";
import { ProtocolUnreadableError, type ProtocolDocument } from "@server/protocol-analysis/contract";
import { extractProtocol, renderRecognizedText } from "@server/protocol-analysis/extract";
import { describe, expect, it } from "vitest";
import { buildProtocols, generatedProtocol, generateProtocols } from "../fixtures/protocols/generate";

/** The section sign of protocol citations (kept apart so that the spec-citation checker does not read them). */
const S = "§";

async function read(name: string): Promise<ProtocolDocument> {
  const g = await generatedProtocol(name);
  return extractProtocol(g.bytes, g.format);
}

const section = (doc: ProtocolDocument, number: string) => doc.sections.find((s) => s.number === number);
const textOf = (doc: ProtocolDocument) => doc.blocks.map((b) => b.text).join("\n");

async function unreadable(bytes: Uint8Array, format: "pdf" | "docx"): Promise<ProtocolUnreadableError> {
  try {
    await extractProtocol(bytes, format);
  } catch (e) {
    if (e instanceof ProtocolUnreadableError) return e;
    throw e;
  }
  throw new Error("extracted without error");
}

describe("generated protocols", () => {
  it("are deterministic", async () => {
    const hash = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");
    const first = (await generateProtocols()).map((p) => hash(p.bytes));
    const again = (await buildProtocols()).map((p) => hash(p.bytes));
    expect(again).toEqual(first);
    expect(first).toHaveLength(7);
  }, 120_000);
});

describe("PDF extraction", () => {
  it("keeps physical and printed pages, the outline's sections and their pages", async () => {
    const doc = await read("gen-ph1-crossover-healthy");
    expect(doc.format).toBe("pdf");
    expect(doc.pageCount).toBeGreaterThanOrEqual(6);
    expect(doc.title).toMatch(/^A Phase 1, Open-Label, Randomized, Two-Period Crossover Study/);
    const design = section(doc, "3.1")!;
    expect(design).toMatchObject({ title: "Overall Study Design", level: 2 });
    // The cover is not numbered: every body page prints its physical number minus one.
    expect(design.page).toBeGreaterThan(2);
    expect(design.printedPage).toBe(String(design.page! - 1));
    expect(doc.blocks[design.firstBlock]).toMatchObject({ kind: "heading", text: "3.1 Overall Study Design" });
    const confinement = doc.blocks.find((b) => b.text.includes("remain confined until the 48-hour"))!;
    expect(doc.sections[confinement.section!]!.number).toBe("3.1");
    expect(confinement.printedPage).toBe(String(confinement.page! - 1));
    // Sections in order, each spanning its blocks.
    for (const [i, s] of doc.sections.entries()) {
      expect(s.lastBlock).toBeGreaterThanOrEqual(s.firstBlock);
      if (i > 0) expect(s.firstBlock).toBeGreaterThan(doc.sections[i - 1]!.firstBlock);
    }
    expect(doc.sections.map((s) => s.number)).toEqual(expect.arrayContaining(["1", "1.1", "2.1", "4.2", "8"]));
  });

  it("strips running headers and footers", async () => {
    const doc = await read("gen-ph1-crossover-healthy");
    const text = textOf(doc);
    expect(text).not.toContain("Clinical Study Protocol v2.0");
    expect(text).not.toMatch(/Page \d+ of \d+/);
    expect(text).not.toMatch(/^Confidential$/m);
    expect(text).toContain("Serial blood samples for pharmacokinetic analysis");
  });

  it("builds the section index from the table of contents when there is no outline", async () => {
    const doc = await read("gen-ph2-paediatric-asthma");
    expect(doc.sections.map((s) => `${s.number} ${s.title}`)).toEqual([
      "1 Synopsis",
      "2 Background and Rationale",
      "3 Objectives and Endpoints",
      "3.1 Primary endpoint",
      "3.2 Secondary endpoints",
      "4 Study Design",
      "4.1 Overall design",
      "4.2 Blinding",
      "4.3 Control",
      "5 Study Population",
      "5.1 Inclusion criteria",
      "5.2 Exclusion criteria",
      "6 Treatment",
      "6.1 Study drug",
      "6.2 Randomisation",
      "7 Assessments",
      "8 Safety",
      "9 Study Sites",
    ]);
    // The table-of-contents page itself holds no section start.
    const tocBlock = doc.blocks.find((b) => /Synopsis \.{5,}/.test(b.text))!;
    expect(tocBlock.section).toBeNull();
  });

  it("falls back to heading patterns, and says so", async () => {
    const doc = await read("gen-ph3-vaccine");
    expect(doc.warnings.join(" ")).toMatch(/no outline or table of contents/);
    expect(doc.sections.map((s) => s.number)).toEqual(["1", "2", "3", "3.1", "4", "5", "6", "7", "8"]);
    expect(section(doc, "6")!.title).toBe("Study Vaccine");
  });

  it("reads a 100-page protocol, or only its first pages when told to", async () => {
    const doc = await read("gen-ph3-cardio-100p");
    expect(doc.pageCount).toBeGreaterThanOrEqual(95);
    expect(doc.sections.length).toBeGreaterThan(60);
    const g = await generatedProtocol("gen-ph3-cardio-100p");
    const first = await extractProtocol(g.bytes, "pdf", { maxPages: 10 });
    expect(Math.max(...first.blocks.map((b) => b.page!))).toBe(10);
    expect(first.warnings).toContain(`Only the first 10 of the ${doc.pageCount} pages were read.`);
    const controller = new AbortController();
    controller.abort();
    await expect(extractProtocol(g.bytes, "pdf", { signal: controller.signal })).rejects.toThrow();
  });

  it("renders the recognised protocol with page and section markers", async () => {
    const doc = await read("gen-ph1-crossover-healthy");
    const text = renderRecognizedText(doc);
    const design = section(doc, "3.1")!;
    expect(text).toContain("RECOGNIZED PROTOCOL");
    expect(text).toContain(`  ${S}3.1 Overall Study Design (p. ${design.page} (printed ${design.printedPage}))`);
    expect(text).toContain(`=== Page ${design.page} (printed ${design.printedPage}) ===`);
    expect(text).toContain(`--- ${S}3.1 Overall Study Design ---`);
    expect(text.indexOf(`--- ${S}3.1 Overall Study Design ---`)).toBeLessThan(text.indexOf("remain confined until"));
  });
});

describe("DOCX extraction", () => {
  it("numbers ICH M11 headings as Word does and leaves out the stale table of contents and the header", async () => {
    const doc = await read("gen-ph3-oncology-m11");
    expect(doc).toMatchObject({ format: "docx", pageCount: null });
    expect(section(doc, "1.1.1")).toMatchObject({ title: "Overall Design", level: 3, page: null });
    expect(section(doc, "6.2")!.title).toBe(
      "Investigational Trial Intervention Assignment, Randomization and Blinding",
    );
    const text = textOf(doc);
    expect(text).not.toContain("{Primary/Secondary/Exploratory}");
    expect(text).not.toContain("ORD-301 Protocol Amendment 1");
    expect(text).toContain("Intervention Model: Parallel");
    expect(doc.blocks.every((b) => b.page === null)).toBe(true);
    const rendered = renderRecognizedText(doc);
    expect(rendered).toContain(`--- ${S}1.1.1 Overall Design ---`);
    expect(rendered).not.toContain("=== Page");
  });

  it("reads numbers typed into the headings", async () => {
    const doc = await read("gen-ph2b-alzheimers");
    expect(section(doc, "4.1")).toMatchObject({ title: "Overall Design", level: 2 });
    expect(section(doc, "5.3")!.title).toBe("Vulnerable Participants");
  });
});

describe("unreadable protocols", () => {
  it("a scanned PDF (no text layer) fails with the limitation message", async () => {
    const g = await generatedProtocol("gen-scanned");
    const e = await unreadable(g.bytes, "pdf");
    expect(e.reason).toBe("noTextLayer");
    expect(e.message).toMatch(/no text layer.*no OCR/);
  });

  it("an empty file, a broken PDF, a PDF with a password and a broken DOCX each fail with their reason", async () => {
    expect((await unreadable(new Uint8Array(0), "pdf")).reason).toBe("empty");
    expect((await unreadable(new Uint8Array(0), "docx")).reason).toBe("empty");
    expect((await unreadable(new TextEncoder().encode("%PDF-1.7\nnot really a pdf"), "pdf")).reason).toBe("corrupt");
    expect((await unreadable(encryptedPdf(), "pdf")).reason).toBe("encrypted");
    expect((await unreadable(new TextEncoder().encode("PK\u0003\u0004 not a zip"), "docx")).reason).toBe("corrupt");
  });
});

/** A one-page PDF protected by a user password (standard security handler, RC4 40-bit, values that no empty password opens). */
function encryptedPdf(): Uint8Array {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>",
    `<< /Filter /Standard /V 1 /R 2 /P -44 /O <${"a1".repeat(32)}> /U <${"b2".repeat(32)}> >>`,
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 4 0 R /ID [<${"c3".repeat(16)}> <${"c3".repeat(16)}>] >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

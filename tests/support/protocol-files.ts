import { Document, HeadingLevel, Packer, Paragraph } from "docx";
import { PDFDocument, StandardFonts } from "pdf-lib";

/** Small, real protocol files for the pipeline's tests (the realistic ones come from tests/fixtures/protocols). */
export async function simpleProtocolPdf(pages: string[][] = defaultPages()): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = pdf.addPage([595, 842]);
    let y = 780;
    for (const line of lines) {
      page.drawText(line, { x: 50, y, size: 11, font });
      y -= 16;
    }
  }
  return Buffer.from(await pdf.save());
}

/** A PDF of one blank page: no text layer, like a scan. */
export async function scannedLikePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]);
  return Buffer.from(await pdf.save());
}

export async function simpleProtocolDocx(): Promise<Buffer> {
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: "Clinical Study Protocol ACE-221", heading: HeadingLevel.TITLE }),
          new Paragraph({ text: "1 Synopsis", heading: HeadingLevel.HEADING_1 }),
          new Paragraph("A Phase II, randomised, double-blind, placebo-controlled study in adults with hypertension."),
          new Paragraph({ text: "5.1 Overall Design", heading: HeadingLevel.HEADING_2 }),
          new Paragraph("Approximately 240 participants will be randomised 1:1 at 30 sites in 4 countries."),
        ],
      },
    ],
  });
  return Buffer.from(await Packer.toBuffer(doc));
}

function defaultPages(): string[][] {
  return [
    ["Clinical Study Protocol ACE-221", "A Phase II, Randomised, Double-Blind, Placebo-Controlled Study"],
    [
      "5 STUDY DESIGN",
      "5.1 Overall Design",
      "This is a Phase II, randomised, double-blind, placebo-controlled, parallel-group study.",
      "Approximately 240 participants will be enrolled at 30 sites in 4 countries.",
      "An independent Data Safety Monitoring Board (DSMB) will review unblinded safety data.",
    ],
  ];
}

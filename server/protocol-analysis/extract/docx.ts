/**
 * DOCX → ProtocolDocument with mammoth (BSD-2-Clause): its document model (paragraphs with their style and numbering,
 * tables, runs) is walked directly rather than its HTML. Headings are the "Heading N" styles; their numbers are
 * Word's automatic numbering, which is not in the text, so they are counted from the heading levels as Word does.
 * Table-of-contents paragraphs (a field Word may not have refreshed) and template instruction paragraphs are left out,
 * and Symbol-font private-use characters become the signs they show (ADR 0029).
 */
import mammoth from "mammoth";
import { ProtocolUnreadableError, type ProtocolDocument, type SectionEntry, type TextBlock } from "../contract";
import { collapse, parseHeading } from "./sections";

interface DocxNode {
  type: string;
  value?: string;
  styleName?: string | null;
  numbering?: { isOrdered?: boolean; level?: string } | null;
  children?: DocxNode[];
}

/** Symbol-font characters Word stores in the private-use area (U+F0xx), and the signs they show. */
const SYMBOL_FONT: Record<string, string> = {
  "\uF0B3": "≥",
  "\uF0A3": "≤",
  "\uF03C": "<",
  "\uF03E": ">",
  "\uF02D": "-",
  "\uF0B0": "°",
  "\uF06D": "µ",
  "\uF0B4": "×",
  "\uF0B1": "±",
  "\uF0AE": "→",
  "\uF0B7": "•",
  "\uF0A7": "▪",
  "\uF0D8": "▪",
  "\uF0FC": "✓",
  "\uF061": "α",
  "\uF062": "β",
  "\uF067": "γ",
  "\uF064": "δ",
  "\uF0A5": "∞",
};

const SKIPPED_STYLES = /^(toc\b|toc head|xinstrux|table of contents)/i;
const HEADING_STYLE = /^heading\s*(\d)$/i;

export async function extractDocx(bytes: Uint8Array): Promise<ProtocolDocument> {
  if (bytes.byteLength === 0) throw new ProtocolUnreadableError("empty", "The file is empty.");
  let root: DocxNode | null = null;
  try {
    await mammoth.convertToHtml({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) }, {
      transformDocument: (d: unknown) => {
        root = d as DocxNode;
        return d;
      },
    } as Parameters<typeof mammoth.convertToHtml>[1]);
  } catch {
    throw new ProtocolUnreadableError(
      "corrupt",
      "The DOCX is damaged or not a Word document, so its text cannot be read.",
    );
  }
  const doc = root as DocxNode | null;
  if (!doc)
    throw new ProtocolUnreadableError(
      "corrupt",
      "The DOCX is damaged or not a Word document, so its text cannot be read.",
    );

  const blocks: TextBlock[] = [];
  const sections: SectionEntry[] = [];
  const warnings: string[] = [];
  const counters: number[] = [];
  let skippedInstructions = 0;
  let currentSection: number | null = null;
  let title: string | null = null;

  const push = (text: string, kind: TextBlock["kind"]) => {
    const clean = collapse(text);
    if (clean) blocks.push({ text: clean, kind, page: null, printedPage: null, section: currentSection });
  };

  const visit = (node: DocxNode) => {
    if (node.type === "paragraph") {
      const style = node.styleName ?? "";
      if (SKIPPED_STYLES.test(style)) {
        if (/xinstrux/i.test(style)) skippedInstructions++;
        return;
      }
      const text = symbols(textOf(node));
      const h = HEADING_STYLE.exec(style);
      if (h && collapse(text)) {
        const level = Number(h[1]);
        let number: string | null = null;
        let headingTitle = collapse(text);
        if (node.numbering?.isOrdered !== false && node.numbering) {
          counters.length = level;
          for (let i = 0; i < level; i++) counters[i] = counters[i] ?? 0;
          counters[level - 1] = (counters[level - 1] ?? 0) + 1;
          number = counters.slice(0, level).join(".");
        } else {
          // A heading that carries its number in its text ("5.1 Overall Design").
          const parsed = parseHeading(headingTitle);
          number = parsed.number;
          headingTitle = parsed.title;
        }
        sections.push({
          number,
          title: headingTitle,
          level,
          page: null,
          printedPage: null,
          firstBlock: blocks.length,
          lastBlock: blocks.length,
        });
        currentSection = sections.length - 1;
        push(number ? `${number} ${headingTitle}` : headingTitle, "heading");
        return;
      }
      if (/^title$/i.test(style) && !title) title = collapse(text);
      push(text, node.numbering ? "list" : "paragraph");
      return;
    }
    if (node.type === "table") {
      for (const row of node.children ?? []) {
        if (row.type !== "tableRow") continue;
        const cells = (row.children ?? []).map((c) => collapse(symbols(cellText(c))));
        // A row of a one-column table, or a merged row, is a paragraph of its own.
        push(cells.filter(Boolean).join("  "), "table");
      }
      return;
    }
    for (const c of node.children ?? []) visit(c);
  };
  for (const c of doc.children ?? []) visit(c);

  if (blocks.length === 0) throw new ProtocolUnreadableError("empty", "The DOCX has no text.");
  for (let s = 0; s < sections.length; s++) {
    const nextStart = sections[s + 1]?.firstBlock ?? blocks.length;
    sections[s]!.lastBlock = Math.max(sections[s]!.firstBlock, nextStart - 1);
  }
  if (skippedInstructions > 0) {
    warnings.push(`${skippedInstructions} template instruction paragraphs were left out.`);
  }
  title ??= blocks.find((b) => b.kind !== "heading" && b.text.length > 20)?.text.slice(0, 300) ?? null;
  return { format: "docx", title, pageCount: null, blocks, sections, warnings };
}

function textOf(node: DocxNode): string {
  if (node.type === "text") return node.value ?? "";
  if (node.type === "tab") return "\t";
  if (node.type === "break") return "\n";
  if (node.type === "note" || node.type === "comment") return "";
  return (node.children ?? []).map(textOf).join("");
}

/** A cell's paragraphs, separated by spaces. */
function cellText(cell: DocxNode): string {
  return (cell.children ?? []).map((c) => (c.type === "table" ? cellText(c) : textOf(c))).join(" ");
}

function symbols(text: string): string {
  return text.replace(/[\uF000-\uF0FF]/g, (c) => SYMBOL_FONT[c] ?? "");
}

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
  const doc = await readDocxModel(bytes);
  const out: DocxBuilder = {
    blocks: [],
    sections: [],
    counters: [],
    skippedInstructions: 0,
    currentSection: null,
    title: null,
  };
  for (const c of doc.children ?? []) visit(out, c);

  const { blocks, sections } = out;
  if (blocks.length === 0) throw new ProtocolUnreadableError("empty", "The DOCX has no text.");
  for (let s = 0; s < sections.length; s++) {
    const nextStart = sections[s + 1]?.firstBlock ?? blocks.length;
    sections[s]!.lastBlock = Math.max(sections[s]!.firstBlock, nextStart - 1);
  }
  const warnings: string[] = [];
  if (out.skippedInstructions > 0) {
    warnings.push(`${out.skippedInstructions} template instruction paragraphs were left out.`);
  }
  const title = out.title ?? blocks.find((b) => b.kind !== "heading" && b.text.length > 20)?.text.slice(0, 300) ?? null;
  return { format: "docx", title, pageCount: null, blocks, sections, warnings };
}

const CORRUPT = "The DOCX is damaged or not a Word document, so its text cannot be read.";

/** mammoth's document model of the file (read through its transformDocument hook). */
async function readDocxModel(bytes: Uint8Array): Promise<DocxNode> {
  let root: DocxNode | null = null;
  try {
    await mammoth.convertToHtml({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) }, {
      transformDocument: (d: unknown) => {
        root = d as DocxNode;
        return d;
      },
    } as Parameters<typeof mammoth.convertToHtml>[1]);
  } catch {
    throw new ProtocolUnreadableError("corrupt", CORRUPT);
  }
  const doc = root as DocxNode | null;
  if (!doc) throw new ProtocolUnreadableError("corrupt", CORRUPT);
  return doc;
}

/** What the walk over the document model has built so far. */
interface DocxBuilder {
  blocks: TextBlock[];
  sections: SectionEntry[];
  /** Word's automatic heading numbers, one counter per level. */
  counters: number[];
  skippedInstructions: number;
  currentSection: number | null;
  title: string | null;
}

function push(out: DocxBuilder, text: string, kind: TextBlock["kind"]): void {
  const clean = collapse(text);
  if (clean) out.blocks.push({ text: clean, kind, page: null, printedPage: null, section: out.currentSection });
}

function visit(out: DocxBuilder, node: DocxNode): void {
  if (node.type === "paragraph") {
    visitParagraph(out, node);
    return;
  }
  if (node.type === "table") {
    for (const row of node.children ?? []) {
      if (row.type !== "tableRow") continue;
      const cells = (row.children ?? []).map((c) => collapse(symbols(cellText(c))));
      // A row of a one-column table, or a merged row, is a paragraph of its own.
      push(out, cells.filter(Boolean).join("  "), "table");
    }
    return;
  }
  for (const c of node.children ?? []) visit(out, c);
}

function visitParagraph(out: DocxBuilder, node: DocxNode): void {
  const style = node.styleName ?? "";
  if (SKIPPED_STYLES.test(style)) {
    if (/xinstrux/i.test(style)) out.skippedInstructions++;
    return;
  }
  const text = symbols(textOf(node));
  const h = HEADING_STYLE.exec(style);
  if (h && collapse(text)) {
    startSection(out, node, Number(h[1]), collapse(text));
    return;
  }
  if (/^title$/i.test(style) && !out.title) out.title = collapse(text);
  push(out, text, node.numbering ? "list" : "paragraph");
}

/** A "Heading N" paragraph: numbered as Word numbers it, or by the number in its text ("5.1 Overall Design"). */
function startSection(out: DocxBuilder, node: DocxNode, level: number, text: string): void {
  let number: string | null = null;
  let headingTitle = text;
  if (node.numbering?.isOrdered !== false && node.numbering) {
    const counters = out.counters;
    counters.length = level;
    for (let i = 0; i < level; i++) counters[i] = counters[i] ?? 0;
    counters[level - 1] = (counters[level - 1] ?? 0) + 1;
    number = counters.slice(0, level).join(".");
  } else {
    const parsed = parseHeading(headingTitle);
    number = parsed.number;
    headingTitle = parsed.title;
  }
  out.sections.push({
    number,
    title: headingTitle,
    level,
    page: null,
    printedPage: null,
    firstBlock: out.blocks.length,
    lastBlock: out.blocks.length,
  });
  out.currentSection = out.sections.length - 1;
  push(out, number ? `${number} ${headingTitle}` : headingTitle, "heading");
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

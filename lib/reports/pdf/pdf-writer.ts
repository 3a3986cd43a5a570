import { type PDFDocument, type PDFPage, PDFString, type RGB, rgb } from "pdf-lib";
import type { RiskLevel } from "../../screening/results.ts";
import { directionRuns } from "./bidi-runs.ts";
import type { FontChain, ReportFonts, TextRun } from "./fonts.ts";

/** A4 in points. */
export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;
export const MARGIN = 48;
const FOOTER_SPACE = 40;
export const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;

export const COLORS = {
  ink: rgb(0.11, 0.13, 0.17),
  muted: rgb(0.42, 0.45, 0.5),
  rule: rgb(0.85, 0.87, 0.9),
  panel: rgb(0.96, 0.97, 0.98),
  navy: rgb(0.09, 0.16, 0.29),
  link: rgb(0.1, 0.33, 0.72),
  white: rgb(1, 1, 1),
  red: rgb(0.75, 0.13, 0.13),
  orange: rgb(0.85, 0.4, 0.05),
  amber: rgb(0.8, 0.55, 0.02),
  green: rgb(0.13, 0.55, 0.3),
  gray: rgb(0.55, 0.58, 0.62),
};

export const RISK_COLORS: Record<RiskLevel, RGB> = { critical: COLORS.red, high: COLORS.orange, medium: COLORS.amber, low: COLORS.green };

export interface TextStyle {
  size?: number;
  bold?: boolean;
  color?: RGB;
  /** Extra left offset from the margin. */
  indent?: number;
  /** Narrower than the content width. */
  width?: number;
  lineGap?: number;
  /** Makes the text a link. */
  url?: string;
}

export interface Column {
  header: string;
  /** Share of the content width. */
  width: number;
}

/** Writes a report top to bottom: wraps text, starts pages when full, and numbers the pages at the end. */
export class PdfWriter {
  page!: PDFPage;
  y = 0;
  private readonly pages: PDFPage[] = [];
  private readonly widths = new Map<string, number>();

  constructor(
    readonly doc: PDFDocument,
    readonly fonts: ReportFonts,
  ) {
    this.newPage();
  }

  newPage() {
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.pages.push(this.page);
    this.y = PAGE_HEIGHT - MARGIN;
  }

  /** The navy band at the top of the first page: the title, a tagline under it and `right` at its right; the text starts below. */
  titleBand(title: string, tagline: string, right: string) {
    const band = 78;
    this.page.drawRectangle({ x: 0, y: PAGE_HEIGHT - band, width: PAGE_WIDTH, height: band, color: COLORS.navy });
    this.drawLine(title, MARGIN, PAGE_HEIGHT - 38, { size: 19, bold: true, color: COLORS.white });
    this.drawLine(tagline, MARGIN, PAGE_HEIGHT - 58, { size: 8.5, color: COLORS.rule });
    this.drawLine(right, PAGE_WIDTH - MARGIN - this.width(right, 8), PAGE_HEIGHT - 58, { size: 8, color: COLORS.rule });
    this.y = PAGE_HEIGHT - band - 22;
  }

  /** Starts a new page unless `height` still fits above the footer. */
  ensure(height: number) {
    if (this.y - height < MARGIN + FOOTER_SPACE) this.newPage();
  }

  space(points: number) {
    this.y -= points;
  }

  font(bold?: boolean): FontChain {
    return bold ? this.fonts.bold : this.fonts.regular;
  }

  /** The pieces to draw left to right: one per direction and font. */
  private pieces(text: string, bold?: boolean): TextRun[] {
    const chain = this.font(bold);
    return directionRuns(text).flatMap((segment) => chain.runs(segment));
  }

  width(text: string, size: number, bold?: boolean): number {
    const key = `${bold ? "b" : "r"}${size}|${text}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      width = this.pieces(text, bold).reduce((sum, run) => sum + run.width * size, 0);
      this.widths.set(key, width);
    }
    return width;
  }

  /** Draws one line at (x, baseline), mixing fonts and directions as needed; returns its width. */
  drawLine(text: string, x: number, baseline: number, style: { size: number; bold?: boolean; color?: RGB }): number {
    let cursor = x;
    for (const run of this.pieces(text, style.bold)) {
      this.page.drawText(run.text, { x: cursor, y: baseline, size: style.size, font: run.font, color: style.color ?? COLORS.ink });
      cursor += run.width * style.size;
    }
    return cursor - x;
  }

  /** Breaks text into lines no wider than `width`; words longer than a line are cut. Keeps the text's line breaks. */
  wrap(text: string, width: number, size: number, bold?: boolean): string[] {
    const lines: string[] = [];
    const space = this.width(" ", size, bold);
    for (const paragraph of text.replace(/\r\n?/g, "\n").split("\n")) {
      let line = "";
      let lineWidth = 0;
      for (const word of paragraph.split(/ +/)) {
        const wordWidth = this.width(word, size, bold);
        const candidate = line ? lineWidth + space + wordWidth : wordWidth;
        if (candidate <= width) {
          line = line ? `${line} ${word}` : word;
          lineWidth = candidate;
          continue;
        }
        if (line) lines.push(line);
        line = word;
        lineWidth = wordWidth;
        while (lineWidth > width) {
          const cut = this.fit(line, width, size, bold);
          lines.push(line.slice(0, cut));
          line = line.slice(cut);
          lineWidth = this.width(line, size, bold);
        }
      }
      lines.push(line);
    }
    return lines;
  }

  /** How many leading UTF-16 units of `text` fit in `width` (at least one character). */
  private fit(text: string, width: number, size: number, bold?: boolean): number {
    const chars = [...text];
    let low = 1;
    let high = chars.length;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (this.width(chars.slice(0, mid).join(""), size, bold) <= width) low = mid;
      else high = mid - 1;
    }
    return chars.slice(0, low).join("").length;
  }

  lineHeight(size: number, gap = 0.35): number {
    return size * (1 + gap);
  }

  /** Wrapped text at the cursor, breaking pages between lines. */
  text(text: string, style: TextStyle = {}) {
    const size = style.size ?? 9.5;
    const indent = style.indent ?? 0;
    const width = style.width ?? CONTENT_WIDTH - indent;
    const height = this.lineHeight(size, style.lineGap);
    for (const line of this.wrap(text, width, size, style.bold)) {
      this.ensure(height);
      const baseline = this.y - size;
      const drawn = this.drawLine(line, MARGIN + indent, baseline, { size, bold: style.bold, color: style.url ? COLORS.link : style.color });
      if (style.url && drawn > 0) this.link(style.url, MARGIN + indent, baseline - 2, drawn, size + 3);
      this.y -= height;
    }
  }

  /** A clickable area opening `url`. */
  link(url: string, x: number, y: number, width: number, height: number) {
    const annotation = this.doc.context.register(
      this.doc.context.obj({
        Type: "Annot",
        Subtype: "Link",
        Rect: [x, y, x + width, y + height],
        Border: [0, 0, 0],
        A: { Type: "Action", S: "URI", URI: PDFString.of(url) },
      }),
    );
    this.page.node.addAnnot(annotation);
  }

  /** A section title with a rule under it, kept on one page with the `keep` points that follow it. */
  heading(text: string, keep = 80) {
    this.space(10);
    this.ensure(27 + keep);
    this.drawLine(text, MARGIN, this.y - 13, { size: 13, bold: true, color: COLORS.navy });
    this.y -= 19;
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: PAGE_WIDTH - MARGIN, y: this.y }, thickness: 0.8, color: COLORS.navy });
    this.y -= 8;
  }

  /** A filled label; returns its width. */
  pill(text: string, x: number, top: number, color: RGB, size = 8): number {
    const width = this.width(text, size, true) + 10;
    this.page.drawRectangle({ x, y: top - size - 6, width, height: size + 6, color });
    this.drawLine(text, x + 5, top - size - 2.5, { size, bold: true, color: COLORS.white });
    return width;
  }

  /** Label and value pairs, labels in a column of their own. */
  fields(rows: [string, string][], labelWidth = 120, style: { size?: number; url?: Record<string, string> } = {}) {
    const size = style.size ?? 9.5;
    const height = this.lineHeight(size);
    for (const [label, value] of rows) {
      // A long label wraps within its column (a gap before the value), never running into the value beside it.
      const labelLines = this.wrap(label, labelWidth - 8, size);
      const lines = this.wrap(value || "—", CONTENT_WIDTH - labelWidth, size);
      const count = Math.max(labelLines.length, lines.length);
      this.ensure(height * Math.min(count, 3));
      const url = style.url?.[label];
      for (let i = 0; i < count; i++) {
        this.ensure(height);
        if (labelLines[i]) this.drawLine(labelLines[i], MARGIN, this.y - size, { size, color: COLORS.muted });
        if (lines[i]) {
          const drawn = this.drawLine(lines[i], MARGIN + labelWidth, this.y - size, { size, color: url ? COLORS.link : COLORS.ink });
          if (url) this.link(url, MARGIN + labelWidth, this.y - size - 2, drawn, size + 3);
        }
        this.y -= height;
      }
    }
  }

  /** A table with wrapped cells; the header is repeated on every page it spans. */
  table(columns: Column[], rows: string[][], size = 8.5) {
    const widths = columns.map((c) => c.width * CONTENT_WIDTH);
    const height = this.lineHeight(size, 0.3);
    const pad = 4;
    const header = () => {
      const lines = columns.map((c, i) => this.wrap(c.header, widths[i] - 2 * pad, size, true));
      const rowHeight = Math.max(...lines.map((l) => l.length)) * height + 2 * pad;
      this.page.drawRectangle({ x: MARGIN, y: this.y - rowHeight, width: CONTENT_WIDTH, height: rowHeight, color: COLORS.navy });
      this.cells(lines, widths, size, pad, true, COLORS.white);
      this.y -= rowHeight;
    };
    this.ensure(height * 3 + 4 * pad);
    header();
    rows.forEach((row, r) => {
      const lines = row.map((cell, i) => this.wrap(cell || "—", widths[i] - 2 * pad, size));
      const rowHeight = Math.max(...lines.map((l) => l.length)) * height + 2 * pad;
      if (this.y - rowHeight < MARGIN + FOOTER_SPACE) {
        this.newPage();
        header();
      }
      if (r % 2 === 1) this.page.drawRectangle({ x: MARGIN, y: this.y - rowHeight, width: CONTENT_WIDTH, height: rowHeight, color: COLORS.panel });
      this.cells(lines, widths, size, pad, false, COLORS.ink);
      this.y -= rowHeight;
      this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: PAGE_WIDTH - MARGIN, y: this.y }, thickness: 0.4, color: COLORS.rule });
    });
    this.space(6);
  }

  private cells(lines: string[][], widths: number[], size: number, pad: number, bold: boolean, color: RGB) {
    let x = MARGIN;
    lines.forEach((cellLines, i) => {
      cellLines.forEach((line, l) => {
        this.drawLine(line, x + pad, this.y - pad - size - l * this.lineHeight(size, 0.3) + 1, { size, bold, color });
      });
      x += widths[i];
    });
  }

  /** Writes the footer on every page: `left` and the page number. */
  finish(left: string, pageLabel: (n: number, total: number) => string) {
    const total = this.pages.length;
    this.pages.forEach((page, i) => {
      this.page = page;
      const y = MARGIN - 18;
      page.drawLine({ start: { x: MARGIN, y: y + 12 }, end: { x: PAGE_WIDTH - MARGIN, y: y + 12 }, thickness: 0.5, color: COLORS.rule });
      const label = pageLabel(i + 1, total);
      const maxLeft = CONTENT_WIDTH - this.width(label, 7.5) - 20;
      const leftLines = this.wrap(left, maxLeft, 7.5);
      this.drawLine(leftLines[0] + (leftLines.length > 1 ? "…" : ""), MARGIN, y, { size: 7.5, color: COLORS.muted });
      this.drawLine(label, PAGE_WIDTH - MARGIN - this.width(label, 7.5), y, { size: 7.5, color: COLORS.muted });
    });
  }
}

/** A vector bar chart drawn with pdf-lib rectangles and text: bars with their value above and a label below. */
import type { RGB } from "pdf-lib";
import { COLORS, CONTENT_WIDTH, MARGIN, type PdfWriter } from "../pdf/pdf-writer.ts";

export interface Bar {
  label: string;
  value: number;
  color: RGB;
}

export function barChart(w: PdfWriter, bars: Bar[], options: { height?: number; format: (n: number) => string; labelSize?: number }) {
  const height = options.height ?? 110;
  const labelSize = options.labelSize ?? 7.5;
  const valueSize = 7;
  w.ensure(height + 30);
  const top = w.y - valueSize - 4;
  const baseline = top - height;
  const slot = CONTENT_WIDTH / bars.length;
  const barWidth = Math.min(slot * 0.7, 60);
  const max = Math.max(1, ...bars.map((b) => b.value));
  w.page.drawLine({ start: { x: MARGIN, y: baseline }, end: { x: MARGIN + CONTENT_WIDTH, y: baseline }, thickness: 0.6, color: COLORS.muted });
  bars.forEach((bar, i) => {
    const x = MARGIN + i * slot + (slot - barWidth) / 2;
    const barHeight = (bar.value / max) * height;
    if (barHeight > 0) w.page.drawRectangle({ x, y: baseline, width: barWidth, height: barHeight, color: bar.color });
    if (bar.value > 0) {
      const value = options.format(bar.value);
      w.drawLine(value, x + (barWidth - w.width(value, valueSize)) / 2, baseline + barHeight + 3, { size: valueSize, color: COLORS.ink });
    }
    const label = w.width(bar.label, labelSize) > slot - 2 ? w.wrap(bar.label, slot - 2, labelSize)[0] : bar.label;
    w.drawLine(label, MARGIN + i * slot + (slot - w.width(label, labelSize)) / 2, baseline - labelSize - 3, { size: labelSize, color: COLORS.muted });
  });
  w.y = baseline - labelSize - 12;
}

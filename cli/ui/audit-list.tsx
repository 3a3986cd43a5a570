import { Box, Text } from "ink";
import { stackedLines, tableLayout, tableLine } from "./table-layout.ts";
import { terminalColumns } from "./terminal-width.ts";

export interface AuditListRow {
  cells: string[];
  details: unknown;
}

const width = () => Math.max(40, terminalColumns());

/**
 * An entry's details as indented lines, one per field (nested values as compact JSON), each wrapped at the terminal's
 * width with the continuation indented further, so a long reason or list stays readable instead of cut off.
 */
export function detailLines(details: unknown, columns = width()): string[] {
  if (details === null || details === undefined) return [];
  const fields =
    typeof details === "object" && !Array.isArray(details)
      ? Object.entries(details as Record<string, unknown>).map(([key, value]) => `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`)
      : [JSON.stringify(details)];
  return fields.flatMap((field) => wrap(field, columns - 4, 4, 6));
}

function wrap(text: string, room: number, indent: number, hanging: number): string[] {
  const lines: string[] = [];
  let rest = text.replace(/\s*\n\s*/g, " ");
  let pad = indent;
  while (rest.length > 0) {
    const fit = Math.max(20, room - (pad - indent));
    let cut = rest.length <= fit ? rest.length : rest.lastIndexOf(" ", fit);
    // A word longer than half a line (a hash, a URL) is cut rather than leaving a line almost empty.
    if (cut < fit / 2) cut = Math.min(fit, rest.length);
    lines.push(" ".repeat(pad) + rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
    pad = hanging;
  }
  return lines;
}

/**
 * The audit list: an aligned line per entry, its details indented and wrapped below it. Fitted to the terminal's width
 * like every table (cli/ui/table.tsx): columns given a `shrinkTo` may be cut with "…"; when the line still does not fit,
 * each entry's fields stand one per line.
 */
export function AuditList({
  headers,
  rows,
  empty,
  shrinkTo = [],
  columns = width(),
}: {
  headers: string[];
  rows: AuditListRow[];
  empty: string;
  shrinkTo?: (number | undefined)[];
  columns?: number;
}) {
  if (rows.length === 0) return <Text dimColor>{empty}</Text>;
  const layout = tableLayout(
    headers,
    rows.map((r) => r.cells),
    columns,
    shrinkTo,
  );
  return (
    <Box flexDirection="column">
      {layout.kind === "columns" ? <Text bold>{tableLine(headers, layout.widths)}</Text> : null}
      {rows.map((r, i) => (
        <Box key={i} flexDirection="column" marginTop={layout.kind === "stacked" && i > 0 ? 1 : 0}>
          {layout.kind === "columns" ? (
            <Text>{tableLine(r.cells, layout.widths)}</Text>
          ) : (
            stackedLines(headers, r.cells, columns).map((line, j) => (
              <Text key={`f${j}`} bold={j === 0}>
                {line}
              </Text>
            ))
          )}
          {detailLines(r.details, columns).map((d, j) => (
            <Text key={j} dimColor>
              {d}
            </Text>
          ))}
        </Box>
      ))}
    </Box>
  );
}

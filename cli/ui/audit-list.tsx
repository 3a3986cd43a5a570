import { Box, Text } from "ink";

export interface AuditListRow {
  cells: string[];
  details: unknown;
}

/** Terminal width to wrap details at; piped output (no terminal) gets a conventional 100. */
const width = () => Math.max(60, process.stdout.columns ?? 100);

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

/** The audit list: an aligned line per entry, its details indented and wrapped below it. */
export function AuditList({ headers, rows, empty }: { headers: string[]; rows: AuditListRow[]; empty: string }) {
  if (rows.length === 0) return <Text dimColor>{empty}</Text>;
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r.cells[i].length)));
  const line = (values: string[]) => values.map((v, i) => (i === values.length - 1 ? v : v.padEnd(widths[i]))).join("  ");
  return (
    <Box flexDirection="column">
      <Text bold>{line(headers)}</Text>
      {rows.map((r, i) => (
        <Box key={i} flexDirection="column">
          <Text>{line(r.cells)}</Text>
          {detailLines(r.details).map((d, j) => (
            <Text key={j} dimColor>
              {d}
            </Text>
          ))}
        </Box>
      ))}
    </Box>
  );
}

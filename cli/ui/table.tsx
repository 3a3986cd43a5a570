import { Box, Text } from "ink";
import { stackedLines, tableLayout, tableLine } from "./table-layout.ts";
import { terminalColumns } from "./terminal-width.ts";

export interface Column<Row> {
  header: string;
  value: (row: Row) => string;
  /** The narrowest this column may be cut to (with "…") to fit the width; never cut without. */
  shrinkTo?: number;
}

/**
 * A plain aligned table for terminal output. A table with columns that may be cut (`shrinkTo`) is fitted to the
 * terminal's width (terminalColumns): those columns are cut, and when it still does not fit each row shows as
 * "HEADER  value" lines instead of wrapping its columns.
 */
export function Table<Row>({ rows, columns, empty, width = terminalColumns() }: { rows: Row[]; columns: Column<Row>[]; empty: string; width?: number }) {
  if (rows.length === 0) return <Text dimColor>{empty}</Text>;
  const headers = columns.map((c) => c.header);
  const cells = rows.map((row) => columns.map((c) => c.value(row)));
  // a table fits the width when it says which columns may be cut; the others keep their natural widths
  const fitted = columns.some((c) => c.shrinkTo !== undefined);
  const layout = tableLayout(
    headers,
    cells,
    fitted ? width : Number.POSITIVE_INFINITY,
    columns.map((c) => c.shrinkTo),
  );
  if (layout.kind === "stacked") {
    return (
      <Box flexDirection="column">
        {cells.map((r, i) => (
          <Box key={i} flexDirection="column" marginTop={i === 0 ? 0 : 1}>
            {stackedLines(headers, r, width).map((line, j) => (
              <Text key={j} bold={j === 0}>
                {line}
              </Text>
            ))}
          </Box>
        ))}
      </Box>
    );
  }
  return (
    <Box flexDirection="column">
      <Text bold>{tableLine(headers, layout.widths)}</Text>
      {cells.map((r, i) => (
        <Text key={i}>{tableLine(r, layout.widths)}</Text>
      ))}
    </Box>
  );
}

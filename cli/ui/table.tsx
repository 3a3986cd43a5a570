import { Box, Text } from "ink";

export interface Column<Row> {
  header: string;
  value: (row: Row) => string;
}

/** A plain aligned table for terminal output. */
export function Table<Row>({ rows, columns, empty }: { rows: Row[]; columns: Column<Row>[]; empty: string }) {
  if (rows.length === 0) return <Text dimColor>{empty}</Text>;
  const cells = rows.map((row) => columns.map((c) => c.value(row)));
  const widths = columns.map((c, i) => Math.max(c.header.length, ...cells.map((r) => r[i].length)));
  // The last column is not padded: trailing spaces would wrap a wide row into an empty line.
  const line = (values: string[]) => values.map((v, i) => (i === values.length - 1 ? v : v.padEnd(widths[i]))).join("  ");
  return (
    <Box flexDirection="column">
      <Text bold>{line(columns.map((c) => c.header))}</Text>
      {cells.map((r, i) => (
        <Text key={i}>{line(r)}</Text>
      ))}
    </Box>
  );
}

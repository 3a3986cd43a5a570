/**
 * The width finished output is laid out in: the terminal's, else COLUMNS (set by shells and by users piping into a
 * narrow viewer), else 160 for output that goes to a file or another program.
 */
export function terminalColumns(): number {
  if (process.stdout.isTTY && process.stdout.columns) return process.stdout.columns;
  const fromEnv = Number(process.env.COLUMNS);
  return Number.isInteger(fromEnv) && fromEnv >= 20 ? fromEnv : 160;
}

import { renderToString } from "ink";
import type { ReactElement } from "react";
import { terminalColumns } from "./terminal-width.ts";

/** Prints a finished (non-interactive) view, laid out in the terminal's width (terminalColumns); colours as it supports. */
export function printView(view: ReactElement) {
  process.stdout.write(`${renderToString(view, { columns: terminalColumns() })}\n`);
}

export function printJson(value: unknown) {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

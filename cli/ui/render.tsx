import { renderToString } from "ink";
import type { ReactElement } from "react";

/** Prints a finished (non-interactive) view; colours follow the terminal's width and support. */
export function printView(view: ReactElement) {
  process.stdout.write(`${renderToString(view, { columns: process.stdout.columns ?? 160 })}\n`);
}

export function printJson(value: unknown) {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

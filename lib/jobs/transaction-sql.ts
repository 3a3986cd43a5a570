import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../data/db.ts";

/** The raw-SQL shape pg-boss talks to (its `db` option): text with $1..$n placeholders and their values. */
export interface SqlExecutor {
  // biome-ignore lint/suspicious/noExplicitAny: pg-boss's `db` option reads its rows untyped
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
}

/**
 * Runs pg-boss's statements inside a drizzle transaction, so a job is committed (or rolled back) together with the
 * caller's writes. Each $n placeholder becomes a bound parameter of its own; the values are never spliced into the text.
 */
export function transactionSql(tx: DbOrTx): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      const result = await tx.execute(bindPlaceholders(text, values));
      const rows = Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? []);
      return { rows: [...rows] };
    },
  };
}

export function bindPlaceholders(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  for (let i = 0; i < parts.length; i++) {
    if (i % 2 === 0) {
      if (parts[i]) chunks.push(sql.raw(parts[i]));
      continue;
    }
    const index = Number(parts[i]) - 1;
    if (index < 0 || index >= values.length) throw new Error(`No value for placeholder $${parts[i]}`);
    chunks.push(sql`${toParameter(values[index])}`);
  }
  return sql.join(chunks);
}

/**
 * A value as pg-boss's own driver (node-postgres) would send it: undefined as null and a plain object as its JSON
 * text (pg-boss passes job data and options that way). Arrays stay arrays (PostgreSQL arrays such as uuid[]).
 */
export function toParameter(value: unknown): unknown {
  if (value === undefined) return null;
  if (value !== null && typeof value === "object" && !Array.isArray(value) && !(value instanceof Date) && !ArrayBuffer.isView(value)) {
    return JSON.stringify(value);
  }
  return value;
}

import { sql } from "drizzle-orm";
import type { Database } from "../../data/db.ts";
import { type SqlExecutor, toParameter } from "./transaction-sql.ts";

/** pg-boss wraps its maintenance and migrations as "BEGIN; ...; COMMIT;" in one text. */
const TRANSACTION_BLOCK = /^\s*BEGIN\s*;([\s\S]*);\s*COMMIT\s*;?\s*$/i;

/**
 * pg-boss's raw SQL on either database. The one difference: a "BEGIN; ... COMMIT;" text. PGlite (one connection, or
 * the server's socket) runs it as it is; a postgres.js pool refuses a bare BEGIN, since the statements after it could
 * land on another connection, so there the block runs in a drizzle transaction, which holds one connection for it.
 * Which of the two applies is found out once, by asking whether a transaction accepts several statements in one text.
 */
export async function databaseSql(database: Pick<Database, "db" | "executeSql">): Promise<SqlExecutor> {
  const blocksInTransaction = await acceptsSeveralStatements(database);
  return {
    async executeSql(text, values = []) {
      const block = values.length === 0 && blocksInTransaction ? TRANSACTION_BLOCK.exec(text) : null;
      if (!block) return database.executeSql(text, values.map(toParameter));
      await database.db.transaction(async (tx) => {
        await tx.execute(sql.raw(block[1]));
      });
      return { rows: [] };
    },
  };
}

async function acceptsSeveralStatements(database: Pick<Database, "db">): Promise<boolean> {
  try {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql.raw("select 1; select 2"));
    });
    return true;
  } catch {
    return false;
  }
}

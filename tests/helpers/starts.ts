import { appendFileSync } from "node:fs";

/** What a test file starts that costs time: a server in the test process, a CLI process, a CLI command run in the test process, a database, a browser. */
export type StartKind = "app" | "cli" | "command" | "database" | "browser";

/**
 * Notes one start under the test file that asked for it (found in the call's stack), in the file that
 * DUECHECK_TEST_STARTS names (scripts/test.ts sets it with DUECHECK_TEST_TIMINGS): `npm run test:timings` then says,
 * beside each file's time, what the file started. Nothing is written otherwise.
 */
export function noteStart(kind: StartKind) {
  const out = process.env.DUECHECK_TEST_STARTS;
  if (!out) return;
  const file = /tests\/[\w/.-]+\.test\.tsx?/.exec(new Error().stack ?? "")?.[0] ?? "(unknown)";
  appendFileSync(out, `${file}\t${kind}\n`);
}

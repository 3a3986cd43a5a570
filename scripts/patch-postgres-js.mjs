/**
 * Run by `npm install` (postinstall): mends postgres.js so that a dropped database connection can never end the process.
 *
 * postgres.js 3.4.9 buffers small writes and flushes them from a setImmediate callback. When the connection closes
 * before that callback runs, `closed()` has set the socket to null and the callback throws `socket.write` on null:
 * thrown from a timer, no await or try/catch sees it, and Bun (or Node) ends the process. The teardown paths also
 * clear that timer without forgetting it, so a connection whose socket died mid-write never flushes again. Upstream
 * has the bug open (porsager/postgres issues 1066, 1154, 1208) with unmerged fixes; this applies the same fix:
 *
 *   - a flush that finds no socket rejects the waiting queries with CONNECTION_CLOSED, which callers can catch;
 *   - terminate() and closed() forget the timer and the buffered bytes, so the next connection starts clean.
 *
 * The patch is checked against the exact text it replaces: on another postgres.js version it stops the install with a
 * message, rather than leave the crash in place unnoticed. Running it twice changes nothing.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const MARK = "/* duecheck: connection-drop patch */";
const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const PACKAGE = join(ROOT, "node_modules", "postgres");
const FILES = ["src/connection.js", "cjs/src/connection.js", "cf/src/connection.js"];

const REPLACEMENTS = [
  {
    from: "  function nextWrite(fn) {\n    const x = socket.write(chunk, fn)",
    to:
      `  function nextWrite(fn) {\n    ${MARK}\n` +
      "    if (socket === null) {\n" +
      "      nextWriteTimer !== null && clearImmediate(nextWriteTimer)\n" +
      "      chunk = nextWriteTimer = null\n" +
      "      error(Errors.connection('CONNECTION_CLOSED', options))\n" +
      "      return false\n" +
      "    }\n" +
      "    const x = socket.write(chunk, fn)",
  },
  {
    // terminate()
    from: "    clearImmediate(nextWriteTimer)\n    if (socket) {",
    to: "    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null\n    if (socket) {",
  },
  {
    // closed()
    from: "    clearImmediate(nextWriteTimer)\n    socket.removeListener('data', data)",
    to: "    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null\n    socket.removeListener('data', data)",
  },
];

if (!existsSync(PACKAGE)) process.exit(0);
const { version } = JSON.parse(readFileSync(join(PACKAGE, "package.json"), "utf8"));

for (const file of FILES) {
  const path = join(PACKAGE, file);
  if (!existsSync(path)) continue;
  let text = readFileSync(path, "utf8");
  if (text.includes(MARK)) continue;
  for (const { from, to } of REPLACEMENTS) {
    if (text.split(from).length !== 2) {
      console.error(
        `postgres.js ${version}: ${file} no longer has the code this patch mends (scripts/patch-postgres-js.mjs). ` +
          "Check whether this version fixes the dropped-connection crash, then update or remove the patch.",
      );
      process.exit(1);
    }
    text = text.replace(from, to);
  }
  writeFileSync(path, text);
}
console.log(`postgres.js ${version}: patched so a dropped connection rejects its queries instead of ending the process.`);

/**
 * A full garbage collection between the phases of reading and storing a list (each file's parsing, the checksum, the
 * stored files, the entities). Each phase leaves short-lived strings several times its input's size; JavaScriptCore
 * grows its heap until it collects and hands freed memory back to the system only later, so without a collection
 * between them the phases' garbage adds up in the process's peak memory (OFAC SDN: about 100 MB more). After one,
 * the next phase reuses the freed memory. A collection takes some tens of milliseconds, nothing next to an import.
 */
export function collectGarbage(): void {
  Bun.gc(true);
}

/**
 * The embedded database's folder is held by another process. A file of its own: the CLI's entry point names it
 * without loading the database drivers, which a run against a remote server never needs.
 */
export class DataDirBusyError extends Error {}

import { PGlite } from "@electric-sql/pglite";

/**
 * Embedded PostgreSQL's memory settings. PGlite's WebAssembly memory is resident once touched and never shrinks,
 * and the engine zeroes its shared memory at start: initdb's 160 MB of shared_buffers (plus 5 MB of WAL buffers)
 * made every process, even `datasets list`, about 280 MB before the app's first query. 16 MB of buffers starts at
 * about 145 MB; pages beyond them are read from the folder through the operating system's file cache. The limits
 * on sort and index memory keep one big statement from growing the memory for the rest of the process.
 */
export const PGLITE_OPTIONS = {
  startParams: [
    ...PGlite.defaultStartParams,
    ...["shared_buffers=16MB", "wal_buffers=1MB", "temp_buffers=2MB", "maintenance_work_mem=16MB"].flatMap((s) => ["-c", s]),
  ],
};

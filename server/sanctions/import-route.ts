import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { Hono } from "hono";
import { AppError } from "../../lib/errors.ts";
import { getDataset } from "../../lib/sanctions/datasets/catalog.ts";
import { importDataset } from "../../lib/sanctions/datasets/import-any.ts";
import type { StoredFile } from "../../lib/sanctions/datasets/versions.ts";
import { DATASET_UPLOAD_FIELD, DATASET_UPLOAD_MAX_BYTES } from "../../lib/sanctions/upload-contract.ts";
import type { AppEnv } from "../context.ts";
import { currentUser, requireAdmin } from "../middleware/session.ts";
import { sanctionsService } from "./service.ts";

const TOO_LARGE = `The upload is larger than ${DATASET_UPLOAD_MAX_BYTES / 2 ** 20} MB; zip the files, or import them with duecheck datasets import`;
const SEND_FILES = `Send the list's files as multipart/form-data in a field named ${DATASET_UPLOAD_FIELD}`;

/**
 * An admin's upload of one list's files (one, several, a zip of them, or another installation's export file),
 * imported exactly as `duecheck datasets import` does: 201 with the new version, 200 when identical to the current
 * one, 400 with the parser's message and nothing changed.
 */
export const datasetImportRoutes = new Hono<AppEnv>().post("/datasets/:id/import", requireAdmin, async (c) => {
  const declared = Number(c.req.header("content-length") ?? 0);
  if (declared > DATASET_UPLOAD_MAX_BYTES) throw new AppError(413, TOO_LARGE);
  const { database } = c.get("ctx");
  const dataset = await getDataset(database.db, c.req.param("id"));
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = await c.req.parseBody({ all: true });
  } catch {
    throw new AppError(400, SEND_FILES);
  }
  const field = form[DATASET_UPLOAD_FIELD];
  const uploaded = (Array.isArray(field) ? field : field === undefined ? [] : [field]).filter((f): f is File => f instanceof File);
  if (uploaded.length === 0) throw new AppError(400, SEND_FILES);
  // A body sent without its length (chunked) is measured once read.
  if (uploaded.reduce((sum, f) => sum + f.size, 0) > DATASET_UPLOAD_MAX_BYTES) throw new AppError(413, TOO_LARGE);
  // Written to disk and read from there as the CLI reads its files: the parser's thread reads them a batch at a
  // time instead of being sent a copy of each.
  const folder = mkdtempSync(join(tmpdir(), "duecheck-upload-"));
  let result: Awaited<ReturnType<typeof importDataset>>;
  const service = sanctionsService(database);
  try {
    const files: StoredFile[] = [];
    for (const [index, file] of uploaded.entries()) {
      const path = join(folder, String(index));
      await Bun.write(path, file);
      files.push({ name: basename(file.name || "upload"), path, sourceUrl: null, etag: null, lastModified: null });
    }
    c.env?.noTimeout?.(c.req.raw);
    result = await importDataset(database.db, dataset.id, files, {
      actor: { kind: "admin", userId: currentUser(c).id, ipAddress: c.get("clientIp") },
      timeoutMs: service.settings.downloadTimeoutMs,
      // The readers' next index is built before the switch: searches keep the current one meanwhile, and none waits.
      beforeSwitch: (versionId) => service.index.prepare(versionId),
    });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  if (result.status !== "success") return c.json(result, 200);
  await service.index.refresh().catch((error) => console.error("[duecheck] refreshing the sanctions index failed:", error));
  return c.json(result, 201);
});

import { and, eq, isNull, ne } from "drizzle-orm";
import { type DbOrTx, schema } from "../../../data/db.ts";
import { recordAudit } from "../../audit/record.ts";
import { AppError } from "../../errors.ts";
import { type DatasetRow, getDataset } from "./catalog.ts";
import type { Actor } from "./download.ts";
import { DISABLE_REASON_REQUIRED } from "./schemas.ts";

/**
 * Turns a list on or off for screening and scheduled downloads, and audits the change (a call that changes nothing
 * writes nothing). The last enabled sanctions list cannot be disabled: a screening with no sanctions list would check
 * nothing. A disabled list keeps its versions, so turning it on again makes it searchable at once. Disabling needs a
 * reason (it changes what every search checks), which the audit entry keeps.
 */
export async function setDatasetEnabled(db: DbOrTx, id: string, enabled: boolean, actor: Actor, options: { reason?: string } = {}): Promise<DatasetRow> {
  const reason = options.reason?.trim();
  if (!enabled && !reason) throw new AppError(400, DISABLE_REASON_REQUIRED);
  const t = schema.sanctionsDatasets;
  return db.transaction(async (tx) => {
    const before = await getDataset(tx, id);
    if (before.enabled === enabled) return before;
    if (!enabled && before.datasetType === "sanctions") {
      const others = await tx
        .select({ id: t.id })
        .from(t)
        .where(and(eq(t.enabled, true), eq(t.datasetType, "sanctions"), ne(t.id, id), isNull(t.organisationId)))
        .for("update");
      if (others.length === 0) throw new AppError(409, `${id} is the last enabled sanctions list; enable another before disabling it`);
    }
    const [after] = await tx.update(t).set({ enabled }).where(eq(t.id, id)).returning();
    await recordAudit(tx, {
      action: enabled ? "dataset.enabled" : "dataset.disabled",
      actorKind: actor.kind,
      actorUserId: actor.userId,
      ipAddress: actor.ipAddress,
      targetType: "sanctions_dataset",
      targetId: id,
      details: { name: before.sourceName, before: { enabled: before.enabled }, after: { enabled }, ...(enabled ? {} : { reason }) },
    });
    return after;
  });
}

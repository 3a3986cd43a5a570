/**
 * An organisation's audit log: the entries filed under it (made by its members, or about its records), read by its
 * owners, admins and auditors. Analysts and reviewers get 403; the instance's admin reads any organisation's here
 * and the whole log at /api/admin/audit.
 */
import type { Db } from "../../data/db.ts";
import type { AuditFilter, AuditPage, AuditQuery } from "../audit/contract.ts";
import { auditCsv } from "../audit/export.ts";
import { listAuditPage } from "../audit/list.ts";
import { AppError } from "../errors.ts";
import { type OrganisationActor, type OrganisationScope, scopeOf } from "./actor.ts";
import { overseesTeam } from "./contract.ts";

export const READ_AUDIT_MESSAGE = "Only an organisation's owners, admins and auditors read its audit log";

async function auditScope(db: Db, actor: OrganisationActor, organisationId?: string): Promise<OrganisationScope> {
  const scope = await scopeOf(db, actor, organisationId);
  if (!scope.instanceAdmin && !(scope.role && overseesTeam(scope.role))) throw new AppError(403, READ_AUDIT_MESSAGE);
  return scope;
}

/** One page of the organisation's entries, newest first, with the log's filters. */
export async function listOrganisationAudit(
  db: Db,
  actor: OrganisationActor,
  query: AuditQuery,
  options: { organisationId?: string } = {},
): Promise<AuditPage> {
  const { organisationId } = await auditScope(db, actor, options.organisationId);
  return listAuditPage(db, query, { organisationId });
}

/** Every matching entry of the organisation as CSV; who may read it is checked before the stream starts. */
export async function organisationAuditCsv(db: Db, actor: OrganisationActor, filter: AuditFilter): Promise<ReadableStream<Uint8Array>> {
  const { organisationId } = await auditScope(db, actor);
  return auditCsv(db, filter, { scope: { organisationId } });
}

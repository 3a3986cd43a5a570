import { pgEnum } from "drizzle-orm/pg-core";

export const userRole = pgEnum("user_role", ["user", "admin", "reviewer", "auditor"]);
/** A member's role inside their organisation (lib/organisations/contract.ts says what each may do). */
export const organisationRole = pgEnum("organisation_role", ["owner", "admin", "analyst", "reviewer", "auditor"]);
export const entityType = pgEnum("entity_type", ["person", "company"]);
export const jobStatus = pgEnum("job_status", ["pending", "processing", "completed", "failed"]);
export const reportStatus = pgEnum("report_status", ["pending", "completed", "failed"]);
export const creditTransactionType = pgEnum("credit_transaction_type", [
  "manual_search",
  "automatic_search",
  "credit_purchase",
  "credit_bonus",
  "admin_credit",
  "credit_refund",
]);
export const monitoringFrequency = pgEnum("monitoring_frequency", ["daily", "weekly", "monthly"]);
export const monitoringStatus = pgEnum("monitoring_status", ["active", "paused"]);
export const datasetType = pgEnum("dataset_type", ["sanctions", "pep"]);

/**
 * The contract of organisations: the roles a member holds, the requests of the member screens (validated by the
 * server, the CLI and the web's forms) and the views the server answers with. Zod and pure modules only: the web
 * bundle includes this file.
 */
import { z } from "zod";
import { MAX_EMAIL_LENGTH, MAX_NAME_LENGTH } from "../auth/schemas.ts";
import { RETENTION_YEARS } from "../retention/contract.ts";
import { text } from "../validation/text.ts";

/**
 * A member's role inside their organisation. owner: everything an admin may, and the only one who grants or takes
 * away owner; admin: manages the members; analyst: screens; reviewer: reviews; auditor: reads. The instance's own
 * role (users.role) is a separate thing and stays as it is.
 */
export const ORGANISATION_ROLES = ["owner", "admin", "analyst", "reviewer", "auditor"] as const;
export type OrganisationRole = (typeof ORGANISATION_ROLES)[number];

const role = z.enum(ORGANISATION_ROLES, { error: `Role must be one of ${ORGANISATION_ROLES.join(", ")}` });

const email = text({ field: "Email", max: MAX_EMAIL_LENGTH })
  .toLowerCase()
  .pipe(z.email({ error: "Invalid email address" }));

/** POST /api/organisation/members: a colleague invited by email, who sets a password through the link. */
export const inviteMemberSchema = z.object({
  email,
  fullName: text({ field: "Full name", max: MAX_NAME_LENGTH }).min(1, "Full name is required"),
  role,
});
export type InviteMemberRequest = z.infer<typeof inviteMemberSchema>;

/** PUT /api/organisation/members/:userId. */
export const changeMemberRoleSchema = z.object({ role });
/** The same schema under the name the member screens use. */
export const memberRoleSchema = changeMemberRoleSchema;
export type ChangeMemberRoleRequest = z.infer<typeof changeMemberRoleSchema>;

/** Owners and admins manage the members (invite, change roles, remove); the others only read the list. */
export const canManageMembers = (role: OrganisationRole) => role === "owner" || role === "admin";

/** Whose records a list shows: the caller's own ("mine", every list's default) or the team's they may read ("team"). */
export const TEAM_SCOPES = ["mine", "team"] as const;

/** ?scope=mine|team of every list a team shares (the history, batches, monitoring, and the public API's monitoring list). */
export const teamScopeQuerySchema = z.object({
  scope: z
    .enum(TEAM_SCOPES, { error: `scope must be one of ${TEAM_SCOPES.join(", ")}` })
    .default("mine")
    .meta({ description: "mine (default): the caller's own; team: every one of the organisation the caller may read" }),
});

/** Who of the team made a record (a batch, a monitored entity, a key, a webhook): their id, and full name else email. */
export interface MadeBy {
  id: string;
  /** Null when the account is gone. */
  name: string | null;
}

/** Only an owner makes, unmakes or invites an owner: an admin must not be able to take the organisation over. */
export const canGrantOwner = (role: OrganisationRole) => role === "owner";

/** GET /api/organisation: the caller's organisation and the caller's role in it. */
export interface OrganisationView {
  id: string;
  name: string;
  role: OrganisationRole;
  createdAt: string;
  memberCount: number;
  settings: OrganisationSettings;
  /** The instance's own settings the organisation's follow (null) or tighten: the floor of both. */
  instance: InstanceFloor;
}

/** The instance's settings an organisation may only tighten. */
export interface InstanceFloor {
  /** The instance requires 2FA of every account: no organisation can switch it off. */
  requireTwoFactor: boolean;
  /** The instance's retention in years: an organisation keeps its records at least this long. */
  retentionYears: number;
}

/** What owners and admins decide for their team. */
export interface OrganisationSettings {
  /** Analysts open their colleagues' screenings and see them in the team's history (on by default). */
  membersSeeTeam: boolean;
  /** Decisions on hits wait for a second person (the team's reviewer); null follows the instance's setting. */
  fourEyes: boolean | null;
  /**
   * Members without two-factor authentication must set it up before doing anything else; null follows the instance.
   * Only tightens: while the instance requires it, it is required whatever is stored here.
   */
  requireTwoFactor: boolean | null;
  /** Years the organisation's screenings are kept; null follows the instance. Never fewer than the instance's. */
  retentionYears: number | null;
  /**
   * Where the organisation is regulated (ISO 3166-1 alpha-2, upper case), or null when not set: a PEP whose post is
   * in another country is a foreign PEP, weighed by the installation's setting (docs/decisions/pep-risk.md).
   */
  country: string | null;
}

const regionNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
/** A two-letter code Intl knows as a region (a country or territory). */
const isRegion = (code: string) => {
  try {
    return !!regionNames.of(code);
  } catch {
    return false;
  }
};

/** PUT /api/organisation/settings: the settings to change; those left out stay as they are. */
export const organisationSettingsSchema = z.strictObject({
  membersSeeTeam: z.boolean({ error: "membersSeeTeam must be true or false" }).optional(),
  fourEyes: z.boolean({ error: "fourEyes must be true, false or null (as the instance)" }).nullable().optional(),
  requireTwoFactor: z.boolean({ error: "requireTwoFactor must be true, false or null (as the instance)" }).nullable().optional(),
  retentionYears: z
    .number({ error: "retentionYears must be a whole number of years or null (as the instance)" })
    .int("retentionYears must be a whole number of years")
    .max(RETENTION_YEARS.max, `retentionYears must be at most ${RETENTION_YEARS.max}`)
    .nullable()
    .optional(),
  country: z
    .string({ error: "country must be a two-letter country code (ISO 3166-1) or null" })
    .trim()
    .toUpperCase()
    .refine((code) => /^[A-Z]{2}$/.test(code) && isRegion(code), "country must be a two-letter country code (ISO 3166-1) or null")
    .nullable()
    .optional(),
});
export type OrganisationSettingsRequest = z.infer<typeof organisationSettingsSchema>;

/** An item of GET /api/organisation/members. */
export interface OrganisationMemberView {
  /** The member's user id. */
  id: string;
  email: string;
  fullName: string;
  role: OrganisationRole;
  lastLoginAt: string | null;
  twoFactorEnabled: boolean;
  /** Invited and has not set a password yet. */
  invitationPending: boolean;
  joinedAt: string;
  /** Credits the member may spend in a calendar month (UTC); null for no cap. */
  monthlyCreditCap: number | null;
  /** Credits the member spent on searches this calendar month. */
  spentThisMonth: number;
}

/** The highest monthly cap that can be set: far above any team's month, low enough to stay an exact integer sum. */
export const MAX_MONTHLY_CREDIT_CAP = 100_000_000;

/** PUT /api/organisation/members/:userId/cap: the member's monthly spending cap, or null to lift it. */
export const memberCapSchema = z.strictObject({
  monthlyCreditCap: z
    .number({ error: "monthlyCreditCap must be a whole number of credits or null" })
    .int("monthlyCreditCap must be a whole number of credits")
    .min(0, "monthlyCreditCap must be at least 0")
    .max(MAX_MONTHLY_CREDIT_CAP, `monthlyCreditCap must be at most ${MAX_MONTHLY_CREDIT_CAP}`)
    .nullable(),
});
export type MemberCapRequest = z.infer<typeof memberCapSchema>;

/** POST /api/organisation/members: the member, and without SMTP the invitation link, shown once. */
export type InvitedMemberView = OrganisationMemberView & { invitationLink?: string };

/** The organisation as the signed-in user carries it (GET /api/auth/me). */
export interface UserOrganisation {
  id: string;
  name: string;
  role: OrganisationRole;
}

/**
 * Oversees the organisation: reads its audit log and its daily report (every member's activity): owners, admins and
 * auditors. Analysts and reviewers read their own daily report and no audit log.
 */
export const overseesTeam = (role: OrganisationRole) => role === "owner" || role === "admin" || role === "auditor";

/** Reads every record of the organisation (screenings, reviews, clearances): all but analysts, who read their own and, where the organisation lets them, their colleagues' screenings. */
export const readsTeam = (role: OrganisationRole) => role !== "analyst";

/**
 * Decides hits on every member's screenings and approves their proposals (four eyes): the organisation's reviewers.
 * Owners and admins run the team (members, settings) and, like analysts, decide the hits of their own screenings;
 * auditors decide nothing.
 */
export const decidesForTeam = (role: OrganisationRole) => role === "reviewer";

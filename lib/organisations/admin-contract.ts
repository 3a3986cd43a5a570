/**
 * The contract of the instance's administration of organisations (/api/admin/organisations, /admin/organisations,
 * `duecheck orgs create|add-credits|suspend|unsuspend|move-user`): the requests, validated by the server, the CLI and
 * the web's forms, and the views the server answers with. Zod and pure modules only: the web bundle includes this file.
 */
import { z } from "zod";
import { text } from "../validation/text.ts";
import { ORGANISATION_ROLES, type OrganisationRole } from "./contract.ts";

const unknownField = {
  error: (issue: { code: string; keys?: string[] }) => (issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys?.join(", ")}` : undefined),
};

export const MAX_ORGANISATION_NAME_LENGTH = 200;

/** An organisation in the instance admin's list (GET /api/admin/organisations, paged newest first, q on the name). */
export interface AdminOrganisationView {
  id: string;
  name: string;
  /** Active members: removed ones are not counted. */
  members: number;
  /** The organisation's credit balance. */
  credits: number;
  /** Searches created since the first of the current month, UTC. */
  screeningsThisMonth: number;
  createdAt: string;
  suspendedAt: string | null;
}

/** A member as the instance admin sees them on one organisation. */
export interface AdminOrganisationMember {
  id: string;
  fullName: string;
  email: string;
  role: OrganisationRole;
  lastLoginAt: string | null;
}

/** GET /api/admin/organisations/{id}: the organisation with its members (removed ones left out), owners first. */
export interface AdminOrganisationDetail extends AdminOrganisationView {
  memberList: AdminOrganisationMember[];
}

/** POST /api/admin/organisations/{id}/credits. */
export const organisationCreditsSchema = z.strictObject(
  {
    amount: z
      .number({ error: "amount must be a number" })
      .int("amount must be a whole number")
      .min(1, "amount must be at least 1")
      .max(1_000_000, "amount must be at most 1,000,000"),
    reason: text({ field: "reason", max: 500 }).optional(),
  },
  unknownField,
);
export type OrganisationCreditsRequest = z.infer<typeof organisationCreditsSchema>;

/** POST /api/admin/organisations/{id}/credits answers the new balance and the organisation. */
export interface OrganisationCreditsResult {
  balance: number;
  organisation: AdminOrganisationView;
}

/** POST /api/admin/users/{id}/organisation: the organisation the user moves to, and their role there. */
export const moveUserSchema = z.strictObject(
  {
    organisationId: z.uuid({ error: "organisationId must be an organisation's id" }),
    role: z.enum(ORGANISATION_ROLES, { error: `role must be one of ${ORGANISATION_ROLES.join(", ")}` }),
  },
  unknownField,
);
export type MoveUserRequest = z.infer<typeof moveUserSchema>;

/** POST /api/admin/users/{id}/organisation answers where the user was and where they are now. */
export interface MovedUserView {
  userId: string;
  email: string;
  from: { organisationId: string; role: OrganisationRole };
  to: { organisationId: string; role: OrganisationRole };
}

/** `duecheck orgs create`: the name, and the owner's email (and name, when the email has no account yet). */
export const createOrganisationSchema = z.object({
  name: text({ field: "name", max: MAX_ORGANISATION_NAME_LENGTH }).min(1, "name is required"),
  ownerEmail: text({ field: "owner", max: 254 })
    .toLowerCase()
    .pipe(z.email({ error: "Invalid email address" })),
  ownerName: text({ field: "owner name", max: 200 }).optional(),
});
export type CreateOrganisationRequest = z.infer<typeof createOrganisationSchema>;

/**
 * The admin area's calls (the /admin/dashboard, /admin/users, /admin/activity and /admin/settings screens): request
 * schemas and the views the API, the web and the CLI share. Only zod and shared schemas are
 * imported: the web bundle includes this file.
 */

import { z } from "zod";
import { USER_ROLES, type UserRole } from "../auth/schemas.ts";
import { text } from "../validation/text.ts";
import { systemSettingsSchema } from "./settings-schema.ts";

const unknownField = {
  error: (issue: { code: string; keys?: string[] }) => (issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys?.join(", ")}` : undefined),
};

/** GET /api/admin/stats: the dashboard's totals and today's figures, with the latest searches and purchases. */
export interface AdminStats {
  totalUsers: number;
  /** Users who signed in or searched today. */
  activeUsers: number;
  totalSearches: number;
  searchesToday: number;
  totalCreditsUsed: number;
  creditsUsedToday: number;
  /** Succeeded purchases, in USD (refunds taken off). */
  totalRevenue: number;
  revenueToday: number;
  recentSearches: { id: string; searchTerm: string; userEmail: string; createdAt: string; riskLevel: string | null }[];
  recentPurchases: { userEmail: string | null; createdAt: string; amount: number; price: number }[];
}

/** A user as the admin's table shows it (GET /api/admin/users, paged with lib/paging.ts, filter q on the server too). */
export interface AdminUserView {
  id: string;
  email: string;
  fullName: string;
  company: string | null;
  position: string | null;
  role: UserRole;
  /** The balance of the user's organisation: credits belong to the organisation, shared by its members. */
  credits: number;
  isActive: boolean;
  lastLogin: string | null;
  twoFactorEnabled: boolean;
  createdAt: string;
}

/** PUT /api/admin/users/{id}: the editable profile, all four required (fullName, company, position, role). */
export const adminUserUpdateSchema = z.strictObject(
  {
    fullName: text({ field: "fullName", max: 200 }).min(1, "fullName is required"),
    company: text({ field: "company", max: 200 }).min(1, "company is required"),
    position: text({ field: "position", max: 200 }).min(1, "position is required"),
    role: z.enum(USER_ROLES, { error: "role must be user, reviewer, admin or auditor" }),
  },
  unknownField,
);

/**
 * POST /api/admin/users: a new account with an initial password, or (invite: true, no password) an invitation link
 * with which the invitee chooses their password.
 */
export const adminCreateUserSchema = z
  .strictObject(
    {
      email: text({ field: "email", max: 254 })
        .toLowerCase()
        .pipe(z.email({ error: "Invalid email address" })),
      fullName: text({ field: "fullName", max: 200 }).min(1, "fullName is required"),
      /** Optional, as an admin may not know it; an empty one is no company. */
      company: text({ field: "company", max: 200 }).optional(),
      role: z.enum(USER_ROLES, { error: "role must be user, reviewer, admin or auditor" }).default("user"),
      password: text({ field: "password", max: 200, kind: "secret" }).min(8, "Password must be at least 8 characters").optional(),
      invite: z.boolean({ error: "invite must be true or false" }).optional(),
    },
    unknownField,
  )
  .refine((v) => Boolean(v.password) !== Boolean(v.invite), { error: "Give an initial password or send an invitation (invite: true), not both" });
export type AdminCreateUserInput = z.input<typeof adminCreateUserSchema>;

/** A one-time link an admin made: shown to copy, or mailed (then link is null: only the mailbox gets it). */
export interface AdminAccountLink {
  link: string | null;
  expiresAt: string;
  mailed: boolean;
}

/** POST /api/admin/users: the new account and, for an invitation, its link. */
export interface AdminCreatedUser {
  user: AdminUserView;
  invitation: AdminAccountLink | null;
}

/** POST /api/admin/users/{id}/credits. */
export const adminCreditsSchema = z.strictObject(
  {
    amount: z
      .number({ error: "amount must be a number" })
      .int("amount must be a whole number")
      .min(1, "amount must be at least 1")
      .max(1_000_000, "amount must be at most 1,000,000"),
    description: text({ field: "description", max: 500 }).optional(),
  },
  unknownField,
);

/** GET /api/admin/searches?q=&range=all|today|week|month&cursor=&limit= */
export const adminSearchesQuerySchema = z.object({
  q: text({ field: "q", max: 200 }).optional(),
  range: z.enum(["all", "today", "week", "month"], { error: "range must be all, today, week or month" }).default("all"),
});

/** A search as the admin's activity list shows it (GET /api/admin/searches), with its owner. */
export interface AdminSearchRecord {
  id: string;
  createdAt: string;
  userEmail: string;
  userName: string;
  searchTerm: string;
  isAutomated: boolean;
  creditsUsed: number;
  riskLevel: string | null;
  sanctionsCount: number;
  mediaCount: number;
  /** Deleted by its owner and kept (lib/retention): listed for admins, marked. */
  hidden: boolean;
}

/** GET /api/admin/transactions?q=&type=&cursor=&limit= (q filters on the user's email or name). */
export const adminTransactionsQuerySchema = z.object({
  q: text({ field: "q", max: 200 }).optional(),
  type: z
    .enum(["manual_search", "automatic_search", "credit_purchase", "credit_bonus", "admin_credit", "credit_refund"], {
      error: "type is not a transaction type",
    })
    .optional(),
});

/** A ledger entry as the admin's activity list shows it (GET /api/admin/transactions), with its user. */
export interface AdminTransaction {
  id: string;
  createdAt: string;
  userEmail: string;
  userName: string;
  type: string;
  amount: number;
  balance: number;
  description: string | null;
}

/**
 * GET /api/admin/settings answers every setting; POST takes any of them and leaves the ones not sent as they are, so
 * a client that sends only the pricing ones (manualSearchCost, automatedSearchCost, initialCredits, creditPackages)
 * resets no other setting.
 * The rules (whole numbers, costs 0 to 1,000, positive package credits and prices, at most one popular) are the
 * settings' own; an unknown field is refused.
 */
export const adminSettingsSchema = systemSettingsSchema
  .partial()
  .strict()
  .refine((values) => Object.values(values).some((v) => v !== undefined), "Send at least one setting");

/** What GET answers: every setting. */
export type AdminSettings = z.infer<typeof systemSettingsSchema>;
/** What POST takes: any of them. */
export type AdminSettingsUpdate = z.infer<typeof adminSettingsSchema>;

/**
 * Request schemas of the account API. The server validates with them and the web forms use them, so the
 * rules and messages of registration, sign-in and the profile live in one place. Only zod is imported here:
 * the web bundle includes this file.
 */
import { z } from "zod";
import type { OrganisationRole, UserOrganisation } from "../organisations/contract.ts";
import { text } from "../validation/text.ts";

export const LANGUAGES = ["en", "de", "es", "fr"] as const;
export const SESSION_DURATIONS = [10, 30, 60, 180] as const;
export const language = z.enum(LANGUAGES, { error: "Language must be one of en, de, es, fr" });

/** Field maxima (docs/decisions/README.md, "Input hygiene"): names 200, phone 50, email 254 (RFC 5321), passwords 200. */
export const MAX_NAME_LENGTH = 200;
export const MAX_PHONE_LENGTH = 50;
export const MAX_EMAIL_LENGTH = 254;
export const MAX_PASSWORD_LENGTH = 200;

const email = text({ field: "Email", max: MAX_EMAIL_LENGTH })
  .toLowerCase()
  .pipe(z.email({ error: "Invalid email address" }));
const name = (field: string) => text({ field, max: MAX_NAME_LENGTH });
const required = (field: string) => name(field).min(1, `${field} is required`);
const password = (field = "Password") => text({ field, max: MAX_PASSWORD_LENGTH, kind: "secret" });
const phoneNumber = text({ field: "Phone number", max: MAX_PHONE_LENGTH }).min(10, "Phone number must be at least 10 characters");

/** Fields a client may never set at registration: ids, timestamps, 2FA state, role, credits and the like. */
export const REGISTRATION_FORBIDDEN_FIELDS = [
  "id",
  "createdAt",
  "updatedAt",
  "lastLogin",
  "twoFactorSecret",
  "twoFactorEnabled",
  "twoFactorLastStep",
  "emailVerified",
  "isActive",
  "role",
  "credits",
] as const;

export const registerSchema = z.object({
  fullName: required("Full name"),
  email,
  phoneNumber,
  company: required("Company"),
  position: required("Position"),
  password: password().min(8, "Password must be at least 8 characters"),
});

export const loginSchema = z.object({
  email,
  password: password().min(6, "Password must be at least 6 characters"),
  twoFactorCode: text({ field: "Two-factor code", max: 20 }).optional(),
  rememberBrowser: z.boolean().optional(),
});

const SIX_DIGITS = "Please enter a 6-digit verification code";
export const twoFactorCode = text({ field: "Code", max: 20, required: SIX_DIGITS, tooLong: SIX_DIGITS }).regex(/^\d{6}$/, SIX_DIGITS);

export const verifyTwoFactorSchema = z.object({ code: twoFactorCode });

const DISABLE_TWO_FACTOR_MESSAGE = "Please enter your password and a 6-digit verification code";
export const disableTwoFactorSchema = z.object(
  {
    password: text({ field: "Password", max: MAX_PASSWORD_LENGTH, kind: "secret", required: DISABLE_TWO_FACTOR_MESSAGE }).min(1, DISABLE_TWO_FACTOR_MESSAGE),
    code: text({ field: "Code", max: 20, kind: "secret", required: DISABLE_TWO_FACTOR_MESSAGE, tooLong: DISABLE_TWO_FACTOR_MESSAGE }).regex(
      /^\d{6}$/,
      DISABLE_TWO_FACTOR_MESSAGE,
    ),
  },
  { error: DISABLE_TWO_FACTOR_MESSAGE },
);

/** POST /api/auth/forgot-password. */
export const forgotPasswordSchema = z.object({ email });

/**
 * POST /api/auth/reset-password: a reset or invitation link's token and the new password, under the rule an account is
 * created with (at least 8 characters).
 */
export const resetPasswordSchema = z.object({
  token: text({ field: "Token", max: 200, kind: "secret" }).min(1, "The link has no token"),
  password: password().min(8, "Password must be at least 8 characters"),
});
/** The web form adds the confirmation, checked on the client only. */
export const resetPasswordFormSchema = resetPasswordSchema.extend({ confirmPassword: z.string() }).refine((v) => v.password === v.confirmPassword, {
  message: "Passwords don't match",
  path: ["confirmPassword"],
});

/** POST /api/auth/confirm-email. */
export const confirmEmailSchema = z.object({ token: text({ field: "Token", max: 200, kind: "secret" }).min(1, "The link has no token") });
/** Its answer; email: the link was a change of address, and the account's address is now this one. */
export const confirmEmailAnswerSchema = z.object({ success: z.literal(true), alreadyConfirmed: z.boolean(), email: z.string().optional() });
export type ConfirmEmailAnswer = z.infer<typeof confirmEmailAnswerSchema>;

/** POST /api/auth/recovery-codes: new recovery codes, proven with the current password or an authenticator code. */
export const regenerateRecoveryCodesSchema = z
  .object({
    password: text({ field: "Password", max: MAX_PASSWORD_LENGTH, kind: "secret" }).optional(),
    code: text({ field: "Code", max: 20, kind: "secret" }).optional(),
  })
  .refine((v) => Boolean(v.password || v.code), { error: "Enter your current password or a code from your authenticator app" });

/** GET /api/auth/options: what the sign-in screens offer on this instance. */
export interface AuthOptions {
  /** SMTP is configured: "Forgot password?" mails a link, and registrations confirm their email address. */
  mail: boolean;
}

/**
 * POST /api/auth/update-profile. A new email address also needs the current password, and a code of the authenticator
 * app (or a recovery code) when 2FA is on; with mail it takes effect once the link mailed to it is opened.
 */
export const updateProfileSchema = z.object({
  fullName: name("Full name").min(2, "Name must be at least 2 characters"),
  email,
  phoneNumber,
  company: name("Company").min(2, "Company name must be at least 2 characters"),
  position: name("Position").min(2, "Position must be at least 2 characters"),
  currentPassword: password("Current password").optional(),
  twoFactorCode: text({ field: "Two-factor code", max: 20, kind: "secret" }).optional(),
});

export const updateLanguagesSchema = z.object({ profileLanguage: language, reportLanguage: language });

/** PUT /api/auth/profile: the session duration, whether manual searches join monitoring (auto-add), or both. */
export const sessionSettingsSchema = z
  .object({
    sessionDuration: z
      .number({ error: "sessionDuration must be a whole number of minutes" })
      .int("sessionDuration must be a whole number of minutes")
      .refine((n) => (SESSION_DURATIONS as readonly number[]).includes(n), {
        error: "Session duration must be 10, 30, 60 or 180 minutes",
      })
      .optional(),
    autoMonitorSearches: z.boolean({ error: "autoMonitorSearches must be true or false" }).optional(),
  })
  .refine((v) => v.sessionDuration !== undefined || v.autoMonitorSearches !== undefined, { error: "sessionDuration must be a whole number of minutes" });

export const newPassword = password("New password")
  .min(8, "Password must be at least 8 characters")
  .regex(/[A-Z]/, "Password must contain at least one uppercase letter")
  .regex(/[a-z]/, "Password must contain at least one lowercase letter")
  .regex(/[0-9]/, "Password must contain at least one number")
  .regex(/[^A-Za-z0-9]/, "Password must contain at least one special character");

export const changePasswordSchema = z.object({
  currentPassword: password("Current password").min(1, "Current password is required"),
  newPassword,
});

/** The web form adds the confirmation, checked on the client only. */
export const changePasswordFormSchema = changePasswordSchema.extend({ confirmPassword: z.string() }).refine((v) => v.newPassword === v.confirmPassword, {
  message: "Passwords don't match",
  path: ["confirmPassword"],
});

export type RegisterInput = z.infer<typeof registerSchema>;
export type LoginInput = z.infer<typeof loginSchema>;
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;
export type Language = (typeof LANGUAGES)[number];

/**
 * user: screens and reviews their own; reviewer: also reviews everyone's and approves proposals; admin: everything;
 * auditor: reads everyone's records and changes nothing (lib/auth/roles.ts says what each role may do).
 */
export const USER_ROLES = ["user", "reviewer", "admin", "auditor"] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The signed-in user as GET /api/auth/me and login answer it. */
export const publicUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  phoneNumber: z.string().nullable(),
  company: z.string().nullable(),
  position: z.string().nullable(),
  role: z.enum(USER_ROLES),
  /** The organisation's balance, which the user spends from (credits belong to the organisation). */
  credits: z.number().int(),
  isActive: z.boolean(),
  twoFactorEnabled: z.boolean(),
  emailVerified: z.boolean(),
  profileLanguage: z.string(),
  reportLanguage: z.string(),
  sessionDuration: z.number().int(),
  /** The subject of each manual search joins the user's monitoring (daily); on by default. */
  autoMonitorSearches: z.boolean(),
  lastLogin: z.string().nullable(),
  createdAt: z.string(),
  /**
   * The organisation the user works in and their role there. The roles are organisations' (above auth, which only
   * stores them), so the value is typed here and written by lib/auth/users.ts from the database's enum.
   */
  organisation: z.object({
    id: z.string(),
    name: z.string(),
    role: z.custom<OrganisationRole>((value) => typeof value === "string"),
  }) satisfies z.ZodType<UserOrganisation>,
  /** GET /api/auth/me and sign-in: "require 2FA for every account" is on and this user has none yet. */
  twoFactorSetupRequired: z.boolean().optional(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** The answer of POST /api/auth/update-profile. */
export const updateProfileAnswerSchema = z.object({
  success: z.literal(true),
  user: publicUserSchema,
  /** The new address a confirmation link was mailed to; the account keeps its old one until the link is opened. */
  emailChangePending: z.string().nullable(),
});
export type UpdateProfileAnswer = z.infer<typeof updateProfileAnswerSchema>;

export const creditTransactionSchema = z.object({
  id: z.string(),
  type: z.enum(["manual_search", "automatic_search", "credit_purchase", "credit_bonus", "admin_credit", "credit_refund"]),
  amount: z.number().int(),
  balance: z.number().int(),
  description: z.string().nullable(),
  /** Screens word these in the reader's language (lib/credits/descriptions.ts); description is the English text. */
  descriptionCode: z.string().nullable(),
  descriptionParams: z.record(z.string(), z.string()).nullable(),
  /** The member whose action it was (who searched, bought, or was granted the credits): the pool is shared. */
  member: z.object({ id: z.string(), fullName: z.string(), email: z.string() }),
  createdAt: z.string(),
});
/** The organisation's credits, which every member spends from and sees, and its ledger. */
export const creditBalanceSchema = z.object({
  balance: z.number().int(),
  unlimited: z.boolean(),
  manualSearchCost: z.number().int(),
  automatedSearchCost: z.number().int(),
  transactions: z.array(creditTransactionSchema),
});
export type CreditBalance = z.infer<typeof creditBalanceSchema>;

/** GET and POST /api/user/api-keys. */
export type { ApiKeyListItem, CreatedApiKey } from "./api-key-schema.ts";

/** Body of POST /api/auth/login. */
export type LoginRequest = z.input<typeof loginSchema>;

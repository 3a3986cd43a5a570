/**
 * Request schemas of the account API. The server validates with them and the web forms use them, so the
 * rules and messages (spec part 1 section 5, part 2 section 5) live in one place. Only zod is imported here:
 * the web bundle includes this file.
 */
import { z } from "zod";

export const LANGUAGES = ["en", "de", "es", "fr"] as const;
export const SESSION_DURATIONS = [10, 30, 60, 180] as const;
export const language = z.enum(LANGUAGES, { error: "Language must be one of en, de, es, fr" });

const email = z
  .string({ error: "Email is required" })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: "Invalid email address" }));
const required = (what: string) => z.string({ error: `${what} is required` }).trim().min(1, `${what} is required`);

/** Fields a client may never set at registration (spec part 1 section 3). */
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
  phoneNumber: z
    .string({ error: "Phone number is required" })
    .trim()
    .min(10, "Phone number must be at least 10 characters"),
  company: required("Company"),
  position: required("Position"),
  password: z.string({ error: "Password is required" }).min(8, "Password must be at least 8 characters").max(200),
});

export const loginSchema = z.object({
  email,
  password: z.string({ error: "Password is required" }).min(6, "Password must be at least 6 characters").max(200),
  twoFactorCode: z.string().trim().optional(),
  rememberBrowser: z.boolean().optional(),
});

export const twoFactorCode = z
  .string({ error: "Please enter a 6-digit verification code" })
  .trim()
  .regex(/^\d{6}$/, "Please enter a 6-digit verification code");

export const verifyTwoFactorSchema = z.object({ code: twoFactorCode });

export const disableTwoFactorSchema = z.object(
  {
    password: z.string().min(1, "Please enter your password and a 6-digit verification code"),
    code: z.string().regex(/^\d{6}$/, "Please enter your password and a 6-digit verification code"),
  },
  { error: "Please enter your password and a 6-digit verification code" },
);

export const updateProfileSchema = z.object({
  fullName: z.string().trim().min(2, "Name must be at least 2 characters").max(200),
  email,
  phoneNumber: z.string().trim().min(10, "Phone number must be at least 10 characters").max(50),
  company: z.string().trim().min(2, "Company name must be at least 2 characters").max(200),
  position: z.string().trim().min(2, "Position must be at least 2 characters").max(200),
});

export const updateLanguagesSchema = z.object({ profileLanguage: language, reportLanguage: language });

export const sessionSettingsSchema = z.object({
  sessionDuration: z
    .number({ error: "sessionDuration must be a whole number of minutes" })
    .int("sessionDuration must be a whole number of minutes")
    .refine((n) => (SESSION_DURATIONS as readonly number[]).includes(n), {
      error: "Session duration must be 10, 30, 60 or 180 minutes",
    }),
});

export const newPassword = z
  .string()
  .min(8, "Password must be at least 8 characters")
  .max(200)
  .regex(/[A-Z]/, "Password must contain at least one uppercase letter")
  .regex(/[a-z]/, "Password must contain at least one lowercase letter")
  .regex(/[0-9]/, "Password must contain at least one number")
  .regex(/[^A-Za-z0-9]/, "Password must contain at least one special character");

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, "Current password is required"),
  newPassword,
});

/** The web form adds the confirmation, checked on the client only. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });

export type RegisterInput = z.infer<typeof registerSchema>;
export type LoginInput = z.infer<typeof loginSchema>;
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;
export type Language = (typeof LANGUAGES)[number];

/** The signed-in user as GET /api/auth/me and login answer it. */
export const publicUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  phoneNumber: z.string().nullable(),
  company: z.string().nullable(),
  position: z.string().nullable(),
  role: z.enum(["user", "admin"]),
  credits: z.number().int(),
  isActive: z.boolean(),
  twoFactorEnabled: z.boolean(),
  emailVerified: z.boolean(),
  profileLanguage: z.string(),
  reportLanguage: z.string(),
  sessionDuration: z.number().int(),
  lastLogin: z.string().nullable(),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const creditTransactionSchema = z.object({
  id: z.string(),
  type: z.enum(["manual_search", "automatic_search", "credit_purchase", "credit_bonus", "admin_credit"]),
  amount: z.number().int(),
  balance: z.number().int(),
  description: z.string().nullable(),
  /** Screens word these in the reader's language (lib/credits/descriptions.ts); description is the English text. */
  descriptionCode: z.string().nullable(),
  descriptionParams: z.record(z.string(), z.string()).nullable(),
  createdAt: z.string(),
});
export const creditBalanceSchema = z.object({
  balance: z.number().int(),
  unlimited: z.boolean(),
  manualSearchCost: z.number().int(),
  automatedSearchCost: z.number().int(),
  transactions: z.array(creditTransactionSchema),
});
export type CreditBalance = z.infer<typeof creditBalanceSchema>;

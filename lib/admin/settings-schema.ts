/** The system settings' rules (pure zod: the web bundle includes this file through lib/admin/schemas.ts). */
import { z } from "zod";
import { RETENTION_YEARS } from "../retention/contract.ts";
import { text } from "../validation/text.ts";

const whole = (field: string) => z.number({ error: `${field} must be a number` }).int(`${field} must be a whole number`);
/** A throttle's allowance: at least one, so a setting can never lock everybody out by itself. */
const allowance = (field: string) => whole(field).min(1, `${field} must be at least 1`).max(100_000, `${field} must be at most 100,000`);
const cost = (field: string) => whole(field).min(0, `${field} must be at least 0`).max(1000, `${field} must be at most 1,000`);

export const creditPackageSchema = z.object({
  credits: whole("credits").positive("A package's credits must be positive").max(10_000_000, "A package's credits must be at most 10,000,000"),
  price: z
    .number({ error: "price must be a number" })
    .positive("A package's price must be positive")
    .max(1_000_000, "A package's price must be at most 1,000,000")
    .refine((price) => Math.abs(Math.round(price * 100) - price * 100) < 1e-6, "A package's price must be in whole cents"),
  popular: z.boolean({ error: "popular must be true or false" }).optional(),
  description: text({ field: "description", max: 200 }).optional(),
});

export const systemSettingsSchema = z.object({
  manualSearchCost: cost("manualSearchCost"),
  automatedSearchCost: cost("automatedSearchCost"),
  initialCredits: whole("initialCredits").min(0, "initialCredits must be at least 0").max(1_000_000, "initialCredits must be at most 1,000,000"),
  creditPackages: z
    .array(creditPackageSchema, { error: "creditPackages must be a list" })
    .min(1, "At least one credit package")
    .max(20, "At most 20 credit packages")
    .refine((packages) => packages.filter((p) => p.popular).length <= 1, "At most one credit package can be marked popular"),
  /**
   * On: outgoing requests to URLs users and administrators set (webhook deliveries, dataset downloads) may reach
   * loopback, private, link-local and other non-public addresses. The name is historical: it covers every such request.
   */
  webhooksAllowPrivateNetworks: z.boolean({ error: "webhooksAllowPrivateNetworks must be true or false" }),
  /** Off: POST /api/auth/register answers 403 'Registration is closed' (admins and the CLI still create accounts). */
  registrationOpen: z.boolean({ error: "registrationOpen must be true or false" }),
  /** On: an account without 2FA is sent to /settings/2fa and its other calls answer 403 until it enrols. */
  requireTwoFactor: z.boolean({ error: "requireTwoFactor must be true or false" }),
  /** On: a decision on a hit is a proposal until a different admin or reviewer approves it (four eyes). */
  fourEyesReview: z.boolean({ error: "fourEyesReview must be true or false" }),
  /** Registrations (created, or refused as a duplicate email) one client address may make per hour. */
  registrationsPerAddressPerHour: allowance("registrationsPerAddressPerHour"),
  /**
   * Failed sign-ins (and wrong passwords or codes given by a signed-in session) per account from one client address
   * within 15 minutes: counted per pair, so a stranger's guesses never lock the owner out of their own address.
   */
  loginFailuresPerAccount: allowance("loginFailuresPerAccount"),
  /** Failed sign-ins from one client address within 15 minutes, whichever accounts they name. */
  loginFailuresPerAddress: allowance("loginFailuresPerAddress"),
  /** Failed sign-ins per account from all addresses together within 15 minutes; past it only known addresses and a correct 2FA code get in. */
  loginFailuresPerAccountAllAddresses: allowance("loginFailuresPerAccountAllAddresses"),
  /** Failed API-key and embed-token authentications from one client address within 15 minutes. */
  bearerFailuresPerAddress: allowance("bearerFailuresPerAddress"),
  /** Days a session lasts at most from its sign-in, however active it stays (besides the idle timeout). */
  sessionMaxDays: whole("sessionMaxDays").min(1, "sessionMaxDays must be at least 1").max(365, "sessionMaxDays must be at most 365"),
  /** Searches older than this many years are purged daily, unless a legal hold keeps them (lib/retention/purge.ts). */
  retentionYears: whole("retentionYears")
    .min(RETENTION_YEARS.min, `retentionYears must be at least ${RETENTION_YEARS.min}`)
    .max(RETENTION_YEARS.max, `retentionYears must be at most ${RETENTION_YEARS.max}`),
});
export type SystemSettings = z.infer<typeof systemSettingsSchema>;

/**
 * Every system setting, as the admin screen and `duecheck settings` list and check them, in the order they show them.
 * Each capability declares its own settings (lib/<capability>/system-settings.ts); this catalog only gathers them,
 * and loading it registers them all (lib/wiring.ts loads it in every process). Pure zod: the web bundle includes
 * this file through lib/admin/schemas.ts.
 */
import { z } from "zod";
import { accountSettings, loginThrottleSettings } from "../auth/system-settings.ts";
import { billingSettings } from "../billing/system-settings.ts";
import { creditSettings } from "../credits/system-settings.ts";
import { outgoingSettings } from "../outgoing/system-settings.ts";
import { addressThrottleSettings } from "../ratelimit/system-settings.ts";
import { retentionSettings } from "../retention/system-settings.ts";
import { reviewSettings } from "../review/system-settings.ts";
import { screeningSettings } from "../screening/system-settings.ts";
import type { SystemSettings } from "../settings/registry.ts";

const rules = {
  manualSearchCost: creditSettings.manualSearchCost.schema,
  automatedSearchCost: creditSettings.automatedSearchCost.schema,
  initialCredits: creditSettings.initialCredits.schema,
  creditPackages: billingSettings.creditPackages.schema,
  webhooksAllowPrivateNetworks: outgoingSettings.webhooksAllowPrivateNetworks.schema,
  registrationOpen: accountSettings.registrationOpen.schema,
  requireTwoFactor: accountSettings.requireTwoFactor.schema,
  fourEyesReview: reviewSettings.fourEyesReview.schema,
  writtenReasonToClearMatch: reviewSettings.writtenReasonToClearMatch.schema,
  foreignPepHigherRisk: screeningSettings.foreignPepHigherRisk.schema,
  registrationsPerAddressPerHour: addressThrottleSettings.registrationsPerAddressPerHour.schema,
  loginFailuresPerAccount: loginThrottleSettings.loginFailuresPerAccount.schema,
  loginFailuresPerAddress: loginThrottleSettings.loginFailuresPerAddress.schema,
  loginFailuresPerAccountAllAddresses: loginThrottleSettings.loginFailuresPerAccountAllAddresses.schema,
  bearerFailuresPerAddress: addressThrottleSettings.bearerFailuresPerAddress.schema,
  sessionMaxDays: accountSettings.sessionMaxDays.schema,
  retentionYears: retentionSettings.retentionYears.schema,
} satisfies { [K in keyof SystemSettings]: z.ZodType<SystemSettings[K]> };

export const systemSettingsSchema = z.object(rules);

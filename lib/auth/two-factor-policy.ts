/**
 * Whether a member must use two-factor authentication: the instance's "require 2FA for every account", tightened
 * (never loosened) by their organisation's own setting. An organisation may require it where the instance does not;
 * while the instance requires it, an organisation's "off" changes nothing, so no team can opt out of an operator's
 * rule. Pure: the web shows the same answer the server enforces.
 */
export const twoFactorRequired = (organisation: boolean | null, instance: boolean): boolean => instance || (organisation ?? false);

/**
 * The years an organisation's screenings are kept: its own choice, else the instance's retentionYears, and never fewer
 * than the instance's, which is the installation's minimum (an operator's legal duty to keep records cannot be
 * shortened by a team; a stored value below a minimum raised later counts as the minimum). Pure: the purge, the
 * settings check and the web show one rule.
 */
export const retentionYearsOf = (organisation: number | null, instance: number): number => Math.max(organisation ?? instance, instance);

export const retentionBelowMinimum = (minimum: number) =>
  `retentionYears must be at least ${minimum}, the minimum retention of this installation (or null to follow it)`;

/**
 * The version of the matching rules, stored with every screening so a past result can be re-derived and compared.
 * Bump it whenever a rule that can change a score, a match or the order of results changes (normalisation,
 * tokenising, weights, scoring, evidence, the threshold's default): a stored search screened under another version
 * is then reported as such by `duecheck searches verify`, instead of its differences being blamed on the lists.
 */
export const MATCHER_VERSION = "2026.4";

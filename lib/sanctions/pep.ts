/**
 * What makes a PEP listing meaningful to enhanced due diligence: whether the listed person holds (or held) a public
 * position themselves (`pep`) or is a relative or close associate of someone who does (`rca`), the positions with
 * their country, level and dates, and, for a relative or associate, whose relative and how.
 */
import { z } from "zod";

export const PEP_ROLES = ["pep", "rca"] as const;
/** The level of a position when the publisher gives it (FollowTheMoney's Position subnational/national/international organisation). */
export const PEP_LEVELS = ["subnational", "national", "international"] as const;

export const pepPositionSchema = z.object({
  title: z.string(),
  /** ISO 3166-1 alpha-2 (lower or upper case as published is normalised to upper), or null when unknown. */
  country: z.string().nullable(),
  level: z.enum(PEP_LEVELS).nullable(),
  /** ISO dates or partial dates as published ("2018", "2018-05"). */
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** True while held, false once ended, null when the publisher does not say. */
  current: z.boolean().nullable(),
});

export const relatedPepSchema = z.object({
  name: z.string(),
  /** As published: spouse, child, parent, associate, business partner… */
  relationship: z.string(),
});

export const pepDetailsSchema = z.object({
  role: z.enum(PEP_ROLES),
  positions: z.array(pepPositionSchema),
  relatedPeps: z.array(relatedPepSchema),
});

export type PepPosition = z.infer<typeof pepPositionSchema>;
export type RelatedPep = z.infer<typeof relatedPepSchema>;
export type PepDetails = z.infer<typeof pepDetailsSchema>;

/** What a pair comparison is asked (POST /api/sanctions/compare, /api/v1/sanctions/compare): zod only, no matcher. */
import { z } from "zod";
import { text } from "../validation/text.ts";

export const MAX_COMPARE_NAME_LENGTH = 200;

export const compareRequestSchema = z.strictObject(
  {
    query: text({ field: "query", max: MAX_COMPARE_NAME_LENGTH }).min(1, "query must not be blank"),
    candidate: text({ field: "candidate", max: MAX_COMPARE_NAME_LENGTH }).min(1, "candidate must not be blank"),
    type: z.enum(["person", "company"], { error: "type must be person or company" }).optional(),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys.join(", ")}` : undefined) },
);
export type CompareRequest = z.output<typeof compareRequestSchema>;

/** search_lists and compare_names: the lists and the matcher alone, free, as GET /api/v1/sanctions/search and `duecheck sanctions compare`. */
import { z } from "zod";
import { AppError } from "../../errors.ts";
import { describeExplanation } from "../../reports/explanation.ts";
import { comparePair, compareRequestSchema } from "../../sanctions/compare-pairs.ts";
import { listSearchAnswerSchema } from "../../sanctions/contract.ts";
import { searchQuerySchema } from "../../sanctions/datasets/schemas.ts";
import { NoSanctionsDataError, searchSanctions } from "../../sanctions/search.ts";
import { searchDetailsSchema, storedSearchDetails } from "../../screening/schemas.ts";
import { defineTool } from "../tool-kit.ts";

const details = searchDetailsSchema.shape;

export const searchLists = defineTool({
  name: "search_lists",
  title: "Search the sanctions and PEP lists",
  description:
    "Looks a name up in the sanctions lists (default) or the PEP lists, without adverse media, review or record: free, and nothing is stored. Each result has its score, whether it is a match, and which name parts met how. datasets: sanctions, peps or list ids (see the duecheck://lists resource). Use screen for a screening on record. Needs the read scope.",
  scope: "read",
  writes: false,
  input: z.strictObject({
    term: searchQuerySchema.shape.term.describe("The name to look up"),
    type: searchQuerySchema.shape.type.describe("person or company (optional)"),
    limit: z
      .number({ error: "limit must be a number" })
      .int("limit must be a whole number")
      .min(1, "limit must be between 1 and 50")
      .max(50, "limit must be between 1 and 50")
      .default(10)
      .describe("Results wanted, 1-50 (default 10)"),
    datasets: z
      .array(z.string().max(100), { error: "datasets must be a list of sanctions, peps or list ids" })
      .max(50)
      .optional()
      .describe("sanctions (default), peps, or list ids"),
    birthDate: details.birthDate.describe("Query by example: birth year (1968) or date (1968-03-14)"),
    nationality: details.nationality.describe("Query by example: nationality, an ISO 3166 code"),
    identifiers: details.identifiers.describe("Query by example: identifiers { kind, value }"),
  }),
  output: listSearchAnswerSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run({ deps }, { term, type, limit, datasets, birthDate, nationality, identifiers }) {
    const given = storedSearchDetails({ birthDate, nationality, identifiers });
    try {
      return await searchSanctions(deps.db, deps.sanctions, datasets ?? [], { term, type, limit, ...(given ? { details: given } : {}) });
    } catch (error) {
      // The REST API's 503, with its words (a tool error carries no status): nothing to search in is no empty answer.
      if (error instanceof NoSanctionsDataError) throw new AppError(409, error.message);
      throw error;
    }
  },
});

const nameComparisonSchema = z.object({
  score: z.number(),
  decision: z.enum(["match", "near_miss", "no_match"]),
  /** The candidate's name that scored best. */
  matchedName: z.string(),
  /** Which name parts met which and how, in words. */
  explanationText: z.string(),
  explanation: z.object({
    parts: z.array(z.object({ query: z.string().nullable(), listed: z.string().nullable(), how: z.string(), similarity: z.number() })),
  }),
  /** lists: name parts weigh their rarity in the imported lists; plain: no list imported, every part weighs alike. */
  weights: z.enum(["lists", "plain"]),
});

export const compareNames = defineTool({
  name: "compare_names",
  title: "Compare two names",
  description:
    "Scores two names against each other as a screening scores a listed name: score 0-1, decision (match, near_miss, no_match) and which parts met how (spelling variant, transliteration, initial...). Free, nothing stored. Use it to judge whether a hit's name is really the subject's. Needs the read scope.",
  scope: "read",
  writes: false,
  input: z.strictObject({
    query: compareRequestSchema.shape.query.describe("The name searched for (your subject)"),
    candidate: compareRequestSchema.shape.candidate.describe("The name to compare it with (a listed name)"),
    type: compareRequestSchema.shape.type.describe("person or company (optional: guessed from a legal form)"),
  }),
  output: nameComparisonSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run({ deps }, request) {
    const answer = await comparePair(await deps.sanctions.current(), request);
    return { ...answer, explanationText: describeExplanation(answer.explanation.parts, "en") };
  },
});

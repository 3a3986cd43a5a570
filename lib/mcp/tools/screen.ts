/** screen and get_screening: a name screened as POST /api/v1/search does (charged alike), and a stored screening read. */
import { z } from "zod";
import { countryCode, createSearchSchema, SEARCH_LANGUAGES, searchDetailsSchema, searchTerm } from "../../screening/schemas.ts";
import { waitForSearchEnd } from "../../screening/search-wait.ts";
import { createSearch, getSearch } from "../../screening/searches.ts";
import { mcpScreeningSchema, screeningView } from "../screening-view.ts";
import { defineTool } from "../tool-kit.ts";

/** How long screen waits for the search to end before answering it as it stands (the public API's default wait). */
export const SCREEN_WAIT_SECONDS = 30;

const details = searchDetailsSchema.shape;

export const screenInput = z.strictObject({
  name: searchTerm.describe("The person's or company's name, as written in your records"),
  type: createSearchSchema.shape.entityType.describe("person (default) or company"),
  birthDate: details.birthDate.describe("Query by example (optional): the person's birth year (1968) or date (1968-03-14)"),
  nationality: details.nationality.describe("Query by example (optional): nationality as an ISO 3166 code, such as UZ"),
  identifiers: details.identifiers.describe(
    "Query by example (optional): identifiers { kind, value } (passport, national_id, tax_id, imo, lei, crypto_wallet); a listing carrying one matches whatever its name",
  ),
  country: countryCode.optional().describe("Optional: the country whose news is searched (ISO 3166 code); also compared with a listing's nationality"),
  language: z
    .enum(SEARCH_LANGUAGES, { error: "language must be one of en, de, es, fr" })
    .optional()
    .describe("Optional: the language of the news searched (default en)"),
});

export const screen = defineTool({
  name: "screen",
  title: "Screen a person or company",
  description: `Screens a name against the sanctions and PEP lists and adverse news, as a compliance analyst's search: it costs the account the price of one search in credits. Give what you know of the subject (birth date, nationality, identifiers) to tell namesakes apart. Answers within ${SCREEN_WAIT_SECONDS} seconds with the risk level, each hit with why it matched (hitId for decide_hit), the review status, and the search's id and address; if the status is still pending or processing, read it later with get_screening. Needs the screen scope.`,
  scope: "screen",
  writes: true,
  input: screenInput,
  output: mcpScreeningSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async run({ deps, principal }, args) {
    const fields = createSearchSchema.parse({
      searchTerm: args.name,
      entityType: args.type,
      language: args.language,
      country: args.country,
      details:
        args.birthDate || args.nationality || args.identifiers
          ? { birthDate: args.birthDate, nationality: args.nationality, identifiers: args.identifiers }
          : undefined,
    });
    const search = await createSearch({ db: deps.db, queue: deps.queue }, { userId: principal.user.id, ...fields });
    const row = await waitForSearchEnd(deps.db, principal.user, search.id, SCREEN_WAIT_SECONDS * 1000, { signal: deps.signal });
    return screeningView(deps, row);
  },
});

export const getScreening = defineTool({
  name: "get_screening",
  title: "Read a screening",
  description:
    "A screening made before (by screen, the web app, a batch or monitoring), by its id: its risk level, hits with explanations and decisions, and review status. wait (seconds, 0-60) answers once a screening still running has ended. Free. Needs the read scope.",
  scope: "read",
  writes: false,
  input: z.strictObject({
    searchId: z.string({ error: "searchId is required" }).describe("The screening's id (the id screen answered)"),
    wait: z
      .number({ error: "wait must be a number of seconds" })
      .int("wait must be a whole number of seconds")
      .min(0, "wait must be between 0 and 60")
      .max(60, "wait must be between 0 and 60")
      .default(0)
      .describe("Seconds to wait for a screening still running to end (0-60, default 0)"),
  }),
  output: mcpScreeningSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run({ deps, principal }, { searchId, wait }) {
    const row =
      wait > 0
        ? await waitForSearchEnd(deps.db, principal.user, searchId, wait * 1000, { signal: deps.signal })
        : await getSearch(deps.db, principal.user, searchId);
    return screeningView(deps, row);
  },
});

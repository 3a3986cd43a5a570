/** The query-by-example options (--birth-date, --nationality, --identifier) and what a hit's evidence says, in words. */
import type { Command } from "commander";
import { formatDay, formatPercent } from "../lib/screening/display-format.ts";
import type { SanctionsHit } from "../lib/screening/results.ts";
import { IDENTIFIER_KINDS, identifierFromText } from "../lib/screening/schemas.ts";
import { failWith } from "./fail.ts";
import type { Words } from "./language.ts";

/** Refuses an --identifier that is not written KIND:VALUE; the kind and value are then checked by the search schema. */
export function checkIdentifierOptions(values: readonly string[], { t }: Words): void {
  for (const value of values) {
    const { kind, value: number } = identifierFromText(value);
    if (!kind || !number) failWith(t.queryByExample.identifierInvalid(value, IDENTIFIER_KINDS.join(", ")));
  }
}

/** --birth-date, --nationality and --identifier (repeatable), shared by duecheck search and duecheck sanctions search. */
export function withDetailsOptions(command: Command): Command {
  return command
    .option("--birth-date <date>", "query by example: the subject's birth year (1968) or date (1968-03-14)")
    .option("--nationality <code>", "query by example: the subject's nationality, an ISO 3166 code such as UZ")
    .option(
      "--identifier <kind:value>",
      `query by example, repeatable: an identifier such as passport:FA1234567 (kinds: ${IDENTIFIER_KINDS.join(", ")}); a listing carrying it is a match whatever its name`,
      (value: string, previous: string[]) => [...previous, value],
      [] as string[],
    );
}

/** What a hit's evidence says, in words: an identifier that decided it, a birth date that kept it a near miss, ... */
export function evidenceWords(
  hit: Pick<SanctionsHit, "evidence" | "birthDate" | "name" | "score">,
  searchedBirthDate: string | undefined,
  { t, language }: Words,
): string | null {
  const e = hit.evidence;
  if (!e) return null;
  const q = t.queryByExample;
  const days = (values: string[]) => values.map((d) => formatDay(d, language)).join(", ");
  const why: string[] = [];
  if (e.identifier) why.push(q.identifierMatches(q.kinds[e.identifier.kind], e.identifier.value));
  if (e.birthDate === "differs" && searchedBirthDate) {
    why.push((e.nameMatchesBirthDateDiffers ? q.nameMatchesBirthDateDiffers : q.birthDateDiffers)(days(hit.birthDate), formatDay(searchedBirthDate, language)));
  } else if (e.birthDate === "agrees") why.push(q.birthDateAgrees);
  if (e.nationality) why.push(e.nationality === "agrees" ? q.nationalityAgrees : q.nationalityDiffers);
  if (why.length === 0) return null;
  if (e.nameScore !== undefined && e.nameScore !== hit.score) why.push(q.nameScore(formatPercent(e.nameScore, language)));
  return q.listing(hit.name, why.join("; "));
}

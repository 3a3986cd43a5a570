/**
 * `duecheck cases open | add-search | tag`: a case opened by hand for a subject (POST /api/cases), a search put into
 * a case (POST /api/cases/{id}/searches) and a case's tags set (PUT /api/cases/{id}/tags), as --user. The input is
 * checked with the API's own schemas and lib/cases refuses what the API refuses, with its message (exit 1); a 409
 * about another case (the subject's, the search's) says how to show it.
 */
import type { Command } from "commander";
import { type CaseView, caseTagsSchema, openCaseSchema } from "../../lib/cases/contract.ts";
import { addCaseSearch, CaseConflict, openCase } from "../../lib/cases/manual.ts";
import { setCaseTags } from "../../lib/cases/tags.ts";
import { ENTITY_TYPES, identifierFromText } from "../../lib/screening/schemas.ts";
import { failWith } from "../fail.ts";
import { casesManualText } from "../i18n/cases/manual.ts";
import { askedLanguage, type Words, withLanguageOption } from "../language.ts";
import { printJson } from "../ui/render.tsx";
import { withCliUser } from "../user.ts";
import { cliReviewActor } from "./review-actor.ts";

interface ManualOptions {
  user?: string;
  json?: boolean;
  language?: string;
}

/** The input checked as the API checks its body: the first rule it breaks, as the API words it. */
function checked<T>(
  schema: { safeParse: (x: unknown) => { success: true; data: T } | { success: false; error: { issues: { message: string }[] } } },
  input: unknown,
): T {
  const parsed = schema.safeParse(input);
  if (!parsed.success) failWith(parsed.error.issues[0].message);
  return parsed.data;
}

/** Runs the change; a refusal about another case names the command that shows it. */
async function naming<T>(run: () => Promise<T>, shown: () => Words | undefined): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof CaseConflict) {
      const language = shown()?.language ?? "en";
      failWith(`${error.message}\n${casesManualText[language].seeCase(error.caseId)}`);
    }
    throw error;
  }
}

function printCase(view: CaseView, shown: Words, json: boolean | undefined, line: string) {
  if (json) return printJson(view);
  console.log(line);
  console.log(shown.t.cases.caseId(view.id));
}

export function registerCasesManual(cases: Command) {
  withLanguageOption(cases.command("open"))
    .description("Open a case by hand for a subject (one case not closed per subject); it starts at media priority until a search adds worse hits")
    .requiredOption("--name <name>", "the subject's name, as a search would give it")
    .requiredOption("--type <type>", ENTITY_TYPES.join(" or "))
    .option("--title <title>", "the case's title (default: the name)")
    .option("--birth-date <date>", "a year (1956) or a date (1956-03-04)")
    .option("--nationality <code>", "an ISO 3166 country code, such as DE")
    .option(
      "--identifier <kind:value>",
      "an identifier, e.g. passport:FA1234567 (repeatable)",
      (value: string, previous: string[]) => [...previous, value],
      [] as string[],
    )
    .option("--user <email>", "who opens it (default: the first administrator)")
    .option("--json", "print the case as JSON (the answer of POST /api/cases)")
    .action(async (options: ManualOptions & { name: string; type: string; title?: string; birthDate?: string; nationality?: string; identifier: string[] }) => {
      const input = checked(openCaseSchema, {
        title: options.title ?? options.name,
        subject: {
          name: options.name,
          entityType: options.type,
          ...(options.birthDate !== undefined ? { birthDate: options.birthDate } : {}),
          ...(options.nationality !== undefined ? { nationality: options.nationality } : {}),
          ...(options.identifier.length ? { identifiers: options.identifier.map(identifierFromText) } : {}),
        },
      });
      let words: Words | undefined;
      const { view, shown } = await withCliUser(options.user, askedLanguage(options.language), async ({ db, user, shown }) => {
        words = shown;
        return {
          view: await naming(
            () => openCase({ db }, cliReviewActor(user), input),
            () => words,
          ),
          shown,
        };
      });
      printCase(view, shown, options.json, casesManualText[shown.language].opened(view.title));
    });

  withLanguageOption(cases.command("add-search"))
    .description("Put a search of the organisation into a case (a search is in one case at most; a closed case takes none)")
    .argument("<case-id>", "the case's id")
    .argument("<search-id>", "the search's id")
    .option("--user <email>", "who adds it (default: the first administrator)")
    .option("--json", "print the case as JSON (the answer of POST /api/cases/{id}/searches)")
    .action(async (caseId: string, searchId: string, options: ManualOptions) => {
      let words: Words | undefined;
      const { view, shown } = await withCliUser(options.user, askedLanguage(options.language), async ({ db, user, shown }) => {
        words = shown;
        return {
          view: await naming(
            () => addCaseSearch({ db }, cliReviewActor(user), caseId, searchId),
            () => words,
          ),
          shown,
        };
      });
      const term = view.searches.find((s) => s.id === searchId.toLowerCase())?.searchTerm ?? searchId;
      printCase(view, shown, options.json, casesManualText[shown.language].searchAdded(term, view.title));
    });

  withLanguageOption(cases.command("tag"))
    .description("Set a case's tags (trimmed, lower case, each once, at most 20): the tags given replace the case's")
    .argument("<case-id>", "the case's id")
    .argument("[tags...]", "the tags, each one argument (quote a tag with spaces)")
    .option("--none", "remove every tag")
    .option("--user <email>", "who tags it (default: the first administrator)")
    .option("--json", "print the case as JSON (the answer of PUT /api/cases/{id}/tags)")
    .action(async (caseId: string, tags: string[], options: ManualOptions & { none?: boolean }) => {
      const language = askedLanguage(options.language) ?? "en";
      if (!options.none && tags.length === 0) failWith(casesManualText[language].tagsOrNone);
      const input = checked(caseTagsSchema, { tags: options.none ? [] : tags });
      const { view, shown } = await withCliUser(options.user, askedLanguage(options.language), async ({ db, user, shown }) => ({
        view: await setCaseTags({ db }, cliReviewActor(user), caseId, input),
        shown,
      }));
      printCase(view, shown, options.json, casesManualText[shown.language].tagged(view.title, view.tags));
    });
}

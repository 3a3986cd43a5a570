import type { Command } from "commander";
import { verifySearch } from "../../lib/records/verify-search.ts";
import { withDatabase } from "../database.ts";
import { askedLanguage, withLanguageOption, words } from "../language.ts";
import { printJson } from "../ui/render.tsx";

/** `duecheck searches verify ID`: a stored search's lists screened again against the dataset versions it recorded. */
export function registerSearches(program: Command) {
  const searches = program.command("searches").description("Stored searches, whoever made them");
  withLanguageOption(searches.command("verify"), "language of the output: en, de, es or fr (default en)")
    .description(
      "Screen a stored search again against the dataset versions, matcher thresholds and options it recorded, and compare the hits. " +
        "Prints 'identical' and exits 0 when reproduced; prints the differences and exits 1 otherwise. Adverse media is not re-run.",
    )
    .argument("<id>", "the search's id")
    .option("--json", "print as JSON")
    .action(async (id: string, options: { json?: boolean; language?: string }) => {
      const { t } = words(askedLanguage(options.language));
      // The CLI is run by whoever may open the database: the audit records it as the CLI.
      const verification = await withDatabase(({ db }) => verifySearch(db, { kind: "cli" }, id.trim()));
      if (options.json) printJson(verification);
      else if (verification.outcome === "identical") {
        console.log("identical");
        console.log(t.searches.mediaNote);
      } else if (verification.outcome === "cannot_verify") {
        console.log(verification.reason === "not_screened" ? t.searches.notScreened : t.searches.storedBeforeVersions);
      } else {
        console.log(t.searches.differences(verification.differences.length));
        for (const d of verification.differences) console.log(`  - ${t.searches.difference(d)}`);
        console.log(t.searches.mediaNote);
      }
      if (verification.outcome !== "identical") process.exitCode = 1;
    });
}

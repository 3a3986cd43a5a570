/** `duecheck search` against a server: POST /search, then GET /search/{id} until it has ended, as the key's owner. */
import type { Command } from "commander";
import { createSearchSchema, detailsFromText } from "../../lib/screening/schemas.ts";
import { checkIdentifierOptions, withDetailsOptions } from "../details-options.ts";
import { failWith } from "../fail.ts";
import { askedLanguage, withLanguageOption, words } from "../language.ts";
import { printJson, printView } from "../ui/render.tsx";
import { SearchResultView } from "../ui/search-result.tsx";
import { type RemoteOptions, refuseUserOption, remoteClient, withRemoteOptions } from "./client.ts";

interface SearchOptions extends RemoteOptions {
  type: string;
  language?: string;
  newsLanguage?: string;
  country?: string;
  links?: string;
  user?: string;
  json?: boolean;
  birthDate?: string;
  nationality?: string;
  identifier: string[];
}

/** The longest a call waits for the search to end (the API's limit); the CLI asks again until it has. */
const WAIT_SECONDS = 60;

export function registerRemoteSearch(program: Command) {
  const command = program
    .command("search")
    .description("Screen a person or company (sanctions, PEP, adverse media) on the server, as the API key's owner, who is charged")
    .argument("<name>", "the person's or company's name")
    .option("--type <type>", "person or company", "person");
  withLanguageOption(command, "language of the output, and of the news searched unless --news-language: en, de, es or fr (default en)")
    .option("--news-language <code>", "language of the news searched: en, de, es or fr (default: --language, else en)")
    .option("--country <code>", "ISO 3166 country code of the news searched, e.g. DE")
    .option("--links <n>", "news articles to list, 1 to 50 (default 10)")
    .option("--user <email>", "this machine's database only: against a server the API key's owner searches")
    .option("--json", "print the search as JSON (the shape of the public API's GET /api/v1/search/{searchId})");
  withRemoteOptions(withDetailsOptions(command)).action(async (name: string, options: SearchOptions) => {
    const asked = askedLanguage(options.language);
    const shown = words(asked);
    refuseUserOption(options);
    if (options.links !== undefined && !/^\d+$/.test(options.links)) failWith(shown.t.search.linksInvalid(options.links));
    checkIdentifierOptions(options.identifier, shown);
    const details = detailsFromText({ birthDate: options.birthDate, nationality: options.nationality, identifiers: options.identifier });
    const parsed = createSearchSchema.safeParse({
      searchTerm: name,
      entityType: options.type,
      language: options.newsLanguage ?? asked,
      country: options.country,
      numLinks: options.links === undefined ? undefined : Number(options.links),
      ...(details ? { details } : {}),
    });
    if (!parsed.success) failWith(parsed.error.issues[0].message);
    const client = remoteClient(options);
    let search = await client.screenName(parsed.data, { wait: WAIT_SECONDS });
    while (search.status === "pending" || search.status === "processing") search = await client.getSearch(search.id, { wait: WAIT_SECONDS });
    if (options.json) printJson(search);
    else printView(<SearchResultView search={search} words={shown} />);
    if (search.status === "failed") process.exitCode = 1;
  });
}

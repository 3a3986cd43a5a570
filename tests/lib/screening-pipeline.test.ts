import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { LanguageModel } from "../../lib/llm/language-model.ts";
import { GdeltProvider } from "../../lib/media/gdelt-provider.ts";
import { GoogleNewsProvider } from "../../lib/media/google-news-provider.ts";
import { seedDatasets } from "../../lib/sanctions/datasets/registry.ts";
import { type PipelineDeps, runSearchPipeline } from "../../lib/screening/pipeline.ts";
import { type SearchResults, searchResultsSchema } from "../../lib/screening/results.ts";
import { type CreateSearchInput, createSearch } from "../../lib/screening/searches.ts";
import {
  article,
  FakeNews,
  importPeps,
  importSdn,
  keepOnlyDatasets,
  ledgerOf,
  openScreeningDb,
  pipelineDeps,
  type ScreeningDb,
  searchRow,
} from "../fixtures/screening.ts";
import { createUser } from "../helpers/app.ts";
import { type NewsServer, startGdeltServer, startGoogleNewsServer } from "../helpers/news-servers.ts";
import { OpenAiServer } from "../helpers/openai-server.ts";

const SDN = "OFAC Specially Designated Nationals (SDN) List";
const PEPS = "US Congress Members (OpenSanctions PEPs)";

let s: ScreeningDb;
let userId: string;
let news: FakeNews;
let deps: PipelineDeps;
let openai: OpenAiServer;
let sdnVersionDate: string;

beforeAll(async () => {
  s = await openScreeningDb({ concurrency: 0 });
  await keepOnlyDatasets(s.db, ["us_ofac_sdn", "us_congress_peps"]);
  const sdn = await importSdn(s.db);
  await importPeps(s.db);
  sdnVersionDate = new Date(sdn.version!.version_date).toISOString();
  userId = (await createUser(s.db, { email: "analyst@example.com", password: "password-1", credits: 10_000 })).id;
  news = new FakeNews();
  deps = pipelineDeps(s.db, [news]);
  openai = OpenAiServer.start();
});
afterAll(async () => {
  openai.stop();
  await s.close();
});

/** Creates a search (charged as usual) and runs its pipeline here. */
async function screen(searchTerm: string, extra: Partial<CreateSearchInput> = {}, using: PipelineDeps = deps) {
  const search = await createSearch({ db: s.db, queue: s.queue }, { userId, searchTerm, entityType: "person", ...extra });
  const outcome = await runSearchPipeline(using, search.id);
  const row = await searchRow(s.db, search.id);
  return { outcome, row, results: row.results as SearchResults };
}

const failedSources = (results: SearchResults) => results.sources.filter((x) => x.status === "failed");

describe("sanctions lists", () => {
  test("a listed person: one row per list, matches first, with who, score, program, version date and the datasets used", async () => {
    news.mode = "answer";
    news.articles = [];
    const { outcome, row, results } = await screen("Rustam Karimov", { country: "DE" });
    expect(outcome).toBe("completed");
    expect(row.status).toBe("completed");
    expect(() => searchResultsSchema.parse(results)).not.toThrow();
    expect(results.sanctionsList).toHaveLength(1);
    const [ofac] = results.sanctionsList;
    expect(ofac).toMatchObject({ source: SDN, datasetId: "us_ofac_sdn", match: true, entityCount: 1, lastUpdated: sdnVersionDate });
    expect(ofac.details).toContain("KARIMOV, Rustam Alievich");
    expect(ofac.details).toContain("programs: SDGT");
    expect(ofac.hits[0]).toMatchObject({ entityId: "us_ofac_sdn:5001", name: "KARIMOV, Rustam Alievich", programs: ["SDGT"] });
    // The search's country (Germany) does not agree with the listed nationality: said in the row.
    expect(ofac.hits[0].differences.some((d) => d.includes("nationality") && d.includes("Germany"))).toBe(true);
    expect(ofac.details).toContain("differs:");
    expect(results.datasetsUsed.map((d) => [d.id, d.type]).sort()).toEqual([
      ["us_congress_peps", "pep"],
      ["us_ofac_sdn", "sanctions"],
    ]);
    expect(results.datasetsUsed.find((d) => d.id === "us_ofac_sdn")).toMatchObject({ name: SDN, versionDate: sdnVersionDate, entityCount: 8 });
    expect(["high", "critical"]).toContain(row.riskLevel!);
    expect(results.risk.reasons[0].code).toMatch(/^sanctions_match/);
    expect(results.clean).toBe(false);
    expect(row.aiSummary).toContain("Rustam Karimov");
    expect(results.summarySource).toBe("built_in");
    expect(failedSources(results)).toEqual([]);
  });

  test("an agreeing nationality (the search's country) makes a match critical", async () => {
    const { row, results } = await screen("Rustam Karimov", { country: "UZ" });
    expect(row.riskLevel).toBe("critical");
    expect(results.risk.reasons[0]).toMatchObject({ code: "sanctions_match_confirmed", level: "critical" });
    expect(results.sanctionsList[0].hits[0].differences.some((d) => d.includes("nationality"))).toBe(false);
  });

  test("no match: the row says what was searched, no match, version date; risk low and clean when every source answered", async () => {
    news.articles = [article("Jane Example opens a bakery", "Jane Example opened her third bakery in Leeds on Saturday.")];
    const { row, results } = await screen("Jane Example");
    expect(results.sanctionsList).toEqual([expect.objectContaining({ source: SDN, match: false, entityCount: 0, lastUpdated: sdnVersionDate, hits: [] })]);
    expect(results.sanctionsList[0].details).toContain("No match among 8 listed entities");
    expect(results.adverseMedia).toHaveLength(1);
    expect(results.adverseMedia[0]).toMatchObject({ title: "Jane Example opens a bakery", isNegative: false });
    expect(row.riskLevel).toBe("low");
    expect(results.clean).toBe(true);
    expect(results.risk.reasons.map((r) => r.code)).toEqual(["no_findings"]);
  });
});

describe("PEP lists", () => {
  test("a PEP listing is a PEP listing, not adverse media: its list, its link, medium risk, never clean", async () => {
    news.articles = [];
    const { row, results } = await screen("Scott Franklin");
    expect(results.adverseMedia).toEqual([]);
    expect(results.pepListings).toHaveLength(1);
    expect(results.pepListings[0]).toMatchObject({
      name: "Scott Franklin",
      dataset: PEPS,
      datasetId: "us_congress_peps",
      url: "https://www.opensanctions.org/entities/Q101198561",
    });
    expect(results.pepListings[0].score).toBeGreaterThanOrEqual(0.8);
    expect(results.pepListings[0].listVersion).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(row.riskLevel).toBe("medium");
    expect(results.risk.reasons.map((r) => r.code)).toContain("pep");
    expect(results.clean).toBe(false);
  });
});

describe("adverse media", () => {
  test("asks the providers in the search's language and country; keeps only articles naming the subject; classifies them", async () => {
    news.queries.length = 0;
    news.articles = [
      article("Jane Example charged with fraud and money laundering", "Prosecutors charged Jane Example with fraud and money laundering."),
      article("Janet Examplova wins award", "Janet Examplova, a chemist, won an award."),
    ];
    const { row, results } = await screen("Jane Example", { language: "de", country: "AT", numLinks: 3 });
    expect(news.queries[0]).toMatchObject({ term: "Jane Example", language: "de", country: "AT" });
    expect(results.adverseMedia).toHaveLength(1);
    expect(results.adverseMedia[0]).toMatchObject({ title: "Jane Example charged with fraud and money laundering", isNegative: true });
    expect(["criminal", "negative"]).toContain(results.adverseMedia[0].category);
    expect(row.riskLevel).toBe("medium");
    expect(results.risk.reasons.map((r) => r.code)).toContain("negative_media");
    expect(results.clean).toBe(false);
  });

  test("a provider that fails: the search completes, the failure is in the sources, never clean", async () => {
    news.mode = "fail";
    try {
      const { outcome, row, results } = await screen("Jane Example");
      expect(outcome).toBe("completed");
      expect(row.status).toBe("completed");
      expect(failedSources(results)).toEqual([
        { source: "Test News", kind: "media", status: "failed", error: "answered HTTP 503", errorCode: "http_error", errorParams: { status: 503 } },
      ]);
      expect(results.clean).toBe(false);
      expect(results.risk.reasons.map((r) => r.code)).toContain("source_failed");
      // the only news provider failed: media could not be checked, so the risk is not low
      expect(row.riskLevel).toBe("medium");
      expect(row.aiSummary).toContain("Adverse media could not be checked");
      expect(row.aiSummary).not.toContain("No media articles were found");
      expect(results.sanctionsList[0].match).toBe(false);
    } finally {
      news.mode = "answer";
    }
  });

  describe("real providers on loopback", () => {
    let gdelt: NewsServer;
    let google: NewsServer;
    let real: PipelineDeps;
    beforeAll(() => {
      gdelt = startGdeltServer({});
      google = startGoogleNewsServer({
        "Jane Example": [
          {
            title: "Jane Example opens a bakery",
            link: "https://news.example/bakery",
            pubDate: new Date("2025-03-01T10:00:00Z"),
            source: "Leeds Post",
            sourceUrl: "https://leedspost.example",
          },
        ],
      });
      real = pipelineDeps(s.db, [
        new GdeltProvider({ baseUrl: gdelt.url, timeoutMs: 400, minIntervalMs: 0 }),
        new GoogleNewsProvider({ baseUrl: google.url, timeoutMs: 400 }),
      ]);
    });
    afterAll(async () => {
      await gdelt.stop();
      await google.stop();
    });

    test("both answer: clean", async () => {
      gdelt.mode = "normal";
      const { results } = await screen("Jane Example", {}, real);
      expect(results.sources.filter((x) => x.kind === "media")).toEqual([
        { source: "GDELT", kind: "media", status: "ok" },
        { source: "Google News", kind: "media", status: "ok" },
      ]);
      expect(results.adverseMedia.map((m) => m.title)).toEqual(["Jane Example opens a bakery"]);
      expect(results.clean).toBe(true);
    });

    test("one provider times out, the other is down: completed with both failures recorded, not clean", async () => {
      gdelt.mode = "hang";
      google.mode = "error";
      try {
        const started = Date.now();
        const { row, results } = await screen("Jane Example", {}, real);
        expect(Date.now() - started).toBeLessThan(10_000);
        expect(row.status).toBe("completed");
        const failed = failedSources(results);
        expect(failed.map((f) => f.source).sort()).toEqual(["GDELT", "Google News"]);
        expect(failed.every((f) => f.kind === "media" && f.error)).toBe(true);
        expect(failed.map((f) => f.errorCode).sort()).toEqual(["http_error", "timeout"]);
        expect(results.clean).toBe(false);
        // no news provider answered: never low, and one reason for both
        expect(row.riskLevel).toBe("medium");
        expect(results.risk.reasons.filter((r) => r.code === "source_failed")).toEqual([{ code: "source_failed", level: "medium", params: { count: 2 } }]);
      } finally {
        gdelt.mode = "normal";
        google.mode = "normal";
      }
    });
  });
});

describe("the language model", () => {
  const model = (timeoutMs = 2_000) =>
    new LanguageModel({ configured: true, apiKey: "test-key", baseURL: openai.url, model: "test-model", timeoutMs }, { retries: 0 });

  test("answering: classifies the articles and writes the summary", async () => {
    openai.reset();
    openai.answerAlways((request) =>
      request.body.response_format?.json_schema?.name === "article_classification"
        ? { articles: [{ id: 1, aboutSubject: true, category: "positive", isNegative: false }] }
        : { summary: "Jane Example was screened against the sanctions and PEP lists and the news; nothing adverse was found." },
    );
    news.articles = [article("Jane Example opens a bakery", "Jane Example opened her third bakery in Leeds on Saturday.")];
    const { row, results } = await screen("Jane Example", {}, { ...deps, model: model() });
    expect(openai.requests.map((r) => r.body.response_format?.json_schema?.name)).toEqual(["article_classification", "due_diligence_summary"]);
    expect(results.adverseMedia[0].category).toBe("positive");
    expect(results.sources).toContainEqual({ source: "test-model", kind: "classifier", status: "ok" });
    expect(results.summarySource).toBe("model");
    expect(row.aiSummary).toBe("Jane Example was screened against the sanctions and PEP lists and the news; nothing adverse was found.");
    expect(results.clean).toBe(true);
  });

  for (const mode of ["error", "hang"] as const) {
    test(`${mode === "error" ? "failing (HTTP 500)" : "timing out"}: built-in classifier and summary, both failures recorded, completed, not clean`, async () => {
      openai.reset();
      openai.setMode(mode);
      news.articles = [article("Jane Example opens a bakery", "Jane Example opened her third bakery in Leeds on Saturday.")];
      const { row, results } = await screen("Jane Example", {}, { ...deps, model: model(300) });
      expect(row.status).toBe("completed");
      const failed = failedSources(results);
      expect(failed.map((f) => [f.source, f.kind])).toEqual([
        ["test-model", "classifier"],
        ["test-model", "summary"],
      ]);
      expect(failed[0].error).toContain("the built-in classifier was used instead");
      expect(failed[1].error).toContain("the built-in summary was used instead");
      expect(results.summarySource).toBe("built_in");
      expect(row.aiSummary!.length).toBeGreaterThan(40);
      expect(results.adverseMedia).toHaveLength(1);
      expect(results.clean).toBe(false);
      openai.reset();
    });
  }
});

describe("idempotence", () => {
  test("a second run of a finished search does nothing: same results, one charge", async () => {
    news.articles = [];
    const { row } = await screen("Idempotent Person");
    expect(await runSearchPipeline(deps, row.id)).toBe("skipped");
    const again = await searchRow(s.db, row.id);
    expect(again.updatedAt).toEqual(row.updatedAt);
    expect(again.results).toEqual(row.results);
    expect((await ledgerOf(s.db, userId)).filter((r) => r.searchId === row.id)).toHaveLength(1);
  });

  test("a search deleted before its job runs is skipped; an aborted run writes nothing", async () => {
    const gone = await createSearch({ db: s.db, queue: s.queue }, { userId, searchTerm: "Gone Person", entityType: "person" });
    await s.db.delete(schema.searches).where(eq(schema.searches.id, gone.id));
    expect(await runSearchPipeline(deps, gone.id)).toBe("skipped");

    const aborted = await createSearch({ db: s.db, queue: s.queue }, { userId, searchTerm: "Aborted Person", entityType: "person" });
    const controller = new AbortController();
    controller.abort(new Error("stopping"));
    await expect(runSearchPipeline(deps, aborted.id, { signal: controller.signal })).rejects.toThrow("stopping");
    const row = await searchRow(s.db, aborted.id);
    expect(row).toMatchObject({ status: "processing", results: null, riskLevel: null });
    // The retry finishes it.
    expect(await runSearchPipeline(deps, aborted.id)).toBe("completed");
  });
});

describe("lists that were never downloaded", () => {
  test("are failed sources: completed, the lists named, medium risk, not clean", async () => {
    await seedDatasets(s.db); // the other official lists come back, without any version
    news.articles = [];
    const { row, results } = await screen("Jane Example");
    expect(row.status).toBe("completed");
    const failed = failedSources(results);
    expect(failed.map((f) => f.source).sort()).toEqual([
      "EU Financial Sanctions Files (FSF)",
      "OFAC Consolidated Sanctions List (non-SDN)",
      "UK Sanctions List (FCDO)",
      "UN Security Council Consolidated List",
    ]);
    expect(failed.every((f) => f.kind === "sanctions" && f.errorCode === "never_downloaded" && f.error!.startsWith("Never downloaded"))).toBe(true);
    expect(results.risk.reasons.filter((r) => r.code === "source_failed")).toEqual([{ code: "source_failed", level: "medium", params: { count: 4 } }]);
    expect(results.sanctionsList.map((r) => r.source)).toEqual([SDN]);
    expect(results.clean).toBe(false);
    expect(row.riskLevel).toBe("medium");
    await keepOnlyDatasets(s.db, ["us_ofac_sdn", "us_congress_peps"]);
  });
});

describe("nothing could be checked", () => {
  test("no list ever downloaded and the news down: the search fails with the reasons, and stays charged", async () => {
    const fresh = await openScreeningDb({ concurrency: 0 });
    try {
      const user = await createUser(fresh.db, { email: "fresh@example.com", password: "password-1", credits: 25 });
      const down = new FakeNews("Down News");
      down.mode = "fail";
      const search = await createSearch({ db: fresh.db, queue: fresh.queue }, { userId: user.id, searchTerm: "Jane Example", entityType: "person" });
      expect(await runSearchPipeline(pipelineDeps(fresh.db, [down]), search.id)).toBe("failed");
      const row = await searchRow(fresh.db, search.id);
      expect(row).toMatchObject({ status: "failed", riskLevel: null, aiSummary: null });
      expect(row.error).toStartWith("Nothing could be checked: ");
      expect(row.error).toContain("UN Security Council Consolidated List: Never downloaded");
      expect(row.error).toContain("Down News: answered HTTP 503");
      const results = row.results as SearchResults;
      expect(results.sources.every((x) => x.status === "failed")).toBe(true);
      expect(results.clean).toBe(false);
      expect((await ledgerOf(fresh.db, user.id)).map((r) => r.amount)).toEqual([-10]);
    } finally {
      await fresh.close();
    }
  });
});

import { afterAll, beforeEach, describe, expect, test } from "bun:test";
import { loadLlmConfig } from "../../lib/llm/config.ts";
import { LanguageModel } from "../../lib/llm/language-model.ts";
import { readResults } from "../../lib/screening/results.ts";
import { assessRisk } from "../../lib/screening/risk.ts";
import { describeReason, displayedSummary, REPORT_LANGUAGES, type ReportLanguage, writeSummary } from "../../lib/screening/summary/index.ts";
import { cleanResults, petrovResults } from "../fixtures/summary.ts";
import { OpenAiServer } from "../helpers/openai-server.ts";

const stub = OpenAiServer.start();
afterAll(() => stub.stop());
beforeEach(() => stub.reset());

const petrov = { name: "Viktor Petrov", entityType: "person" as const };
const model = (timeoutMs = 2_000) => new LanguageModel(loadLlmConfig({ OPENAI_BASE_URL: stub.url, DUECHECK_LLM_TIMEOUT_MS: String(timeoutMs) }));

// Intl puts a no-break space before % in de, es and fr.
const expected: Record<ReportLanguage, (string | RegExp)[]> = {
  en: [
    "rated CRITICAL",
    "Viktor Ivanovich PETROV in OFAC SDN List",
    "97%",
    "RUSSIA-EO14024",
    "PEP status: the subject is listed",
    "2 of the 3 media articles",
    "crime (1)",
    "corruption (1)",
    "could not be checked: Google News (the service answered with an error (HTTP 503))",
    "Recommendation: do not proceed",
  ],
  de: [
    "als KRITISCH eingestuft",
    "Viktor Ivanovich PETROV in OFAC SDN List",
    /97\s%/,
    "RUSSIA-EO14024",
    "PEP-Status: Es liegt ein Eintrag",
    "2 von 3 geprüften Medienartikeln",
    "Kriminalität (1)",
    "Korruption (1)",
    "nicht geprüft werden: Google News (der Dienst antwortete mit einem Fehler (HTTP 503))",
    "Empfehlung: Nicht fortfahren",
  ],
  es: [
    "como CRÍTICO",
    "Viktor Ivanovich PETROV en OFAC SDN List",
    /97\s%/,
    "RUSSIA-EO14024",
    "Condición de PEP: figura",
    "2 de los 3 artículos",
    "delitos (1)",
    "corrupción (1)",
    "consultar las siguientes fuentes: Google News (el servicio respondió con un error (HTTP 503))",
    "Recomendación: no continuar",
  ],
  fr: [
    "comme CRITIQUE",
    "Viktor Ivanovich PETROV dans OFAC SDN List",
    /97\s%/,
    "RUSSIA-EO14024",
    "Statut PPE : une inscription",
    "2 des 3 articles",
    "criminalité (1)",
    "corruption (1)",
    "consultées : Google News (le service a répondu par une erreur (HTTP 503))",
    "Recommandation : ne pas poursuivre",
  ],
};

describe("built-in summary", () => {
  for (const language of REPORT_LANGUAGES) {
    test(`is written from the findings in ${language}`, async () => {
      const summary = await writeSummary({ subject: petrov, results: petrovResults({ failMedia: true }), language });
      expect(summary.source).toBe("built_in");
      for (const phrase of expected[language]) expect(summary.text).toMatch(phrase);
      // a hit under the threshold and neutral news are not findings
      expect(summary.text).not.toContain("Viktoria PETROVA");
      expect(summary.text).not.toContain("bakery");
    });
  }

  test("a clean profile ends with the standard recommendation", async () => {
    const { text } = await writeSummary({ subject: { name: "Anna Schmidt", entityType: "person" }, results: cleanResults(), language: "en" });
    expect(text).toContain("The overall risk is rated LOW");
    expect(text).toContain("No match was found in the 1 sanctions dataset searched.");
    expect(text).toContain("PEP status: no politically exposed person listing was found.");
    expect(text).toContain("None of the 1 media article reviewed is adverse.");
    expect(text).toContain("Recommendation: standard due diligence is sufficient");
    expect(text).not.toContain("could not be checked");
  });

  test("when only a source failed, it asks for the screening to be repeated", async () => {
    const results = cleanResults();
    results.sources = [
      { source: "OFAC SDN List", kind: "sanctions", status: "failed", error: "Never downloaded", errorCode: "never_downloaded" },
      { source: "Google News", kind: "media", status: "ok" },
    ];
    const risk = assessRisk({ ...results, subject: { entityType: "person" } });
    results.risk = { level: risk.level, reasons: risk.reasons };
    results.clean = risk.clean;
    const { text } = await writeSummary({ subject: { name: "Anna Schmidt", entityType: "person" }, results, language: "fr" });
    expect(text).toContain("comme MOYEN");
    expect(text).toContain("OFAC SDN List (jamais téléchargée : la liste n’a encore aucune version à consulter)");
    // the technical text is for the API and logs only
    expect(text).not.toContain("Never downloaded");
    expect(text).toContain("Recommandation : renouveler le contrôle");
    expect(text).not.toContain("vigilance standard");
  });

  test("a company reads as a company", async () => {
    const { text } = await writeSummary({ subject: { name: "Acme GmbH", entityType: "company" }, results: cleanResults(), language: "de" });
    expect(text).toStartWith("Acme GmbH wurde als Unternehmen gegen");
  });
});

describe("model summary", () => {
  const answer = {
    summary:
      "Viktor Petrov presents a critical risk. He matches Viktor Ivanovich PETROV on the OFAC SDN List with a score of 97% [S1], is listed as a PEP [P1], and two adverse articles were found [M1] [M2]. Google News could not be checked [F1].",
  };

  test("the model writes it from the findings only, in the report language", async () => {
    stub.answer(answer);
    const summary = await writeSummary({ subject: petrov, results: petrovResults({ failMedia: true }), language: "de" }, model());
    expect(summary).toEqual({ text: answer.summary, source: "model" });
    expect(stub.requests).toHaveLength(1);
    const system = stub.prompt(0, "system");
    expect(system).toContain("Comprehensive Due Diligence Analysis");
    expect(system).toContain("in German");
    expect(system).toContain("Use only the findings");
    const prompt = stub.prompt(0);
    for (const finding of [
      "Viktor Petrov",
      "OFAC SDN List",
      "0.97",
      "RUSSIA-EO14024",
      "Every Politician",
      "Procurement bribes",
      "HTTP 503",
      '"ref": "S1"',
      '"ref": "F1"',
    ]) {
      expect(prompt).toContain(finding);
    }
    // not findings: a hit under the threshold, neutral news, links
    for (const unrelated of ["Viktoria PETROVA", "bakery", "https://"]) expect(prompt).not.toContain(unrelated);
  });

  test("a model failure falls back to the built-in summary", async () => {
    stub.setMode("error");
    const summary = await writeSummary({ subject: petrov, results: petrovResults(), language: "es" }, model());
    expect(summary.source).toBe("built_in");
    expect(summary.text).toContain("como CRÍTICO");
    expect(summary.modelError).toContain("500");
  });

  test("a model that times out falls back to the built-in summary", async () => {
    stub.setMode("hang");
    const started = performance.now();
    const summary = await writeSummary({ subject: petrov, results: petrovResults(), language: "fr" }, model(250));
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(summary.source).toBe("built_in");
    expect(summary.text).toContain("comme CRITIQUE");
    expect(summary.modelError).toContain("in time");
  });

  test("an answer that is not JSON falls back", async () => {
    stub.setMode("invalid");
    expect((await writeSummary({ subject: petrov, results: petrovResults(), language: "en" }, model())).source).toBe("built_in");
  });

  test("an empty summary is refused", async () => {
    stub.answerAlways({ summary: "   " });
    const summary = await writeSummary({ subject: petrov, results: petrovResults(), language: "en" }, model());
    expect(summary.source).toBe("built_in");
    expect(summary.modelError).toContain("empty");
  });

  test("a summary citing a finding that does not exist is refused", async () => {
    stub.answerAlways({ summary: `${answer.summary} He is also listed by the EU [S7].` });
    const summary = await writeSummary({ subject: petrov, results: petrovResults(), language: "en" }, model());
    expect(summary.source).toBe("built_in");
    expect(summary.modelError).toContain("does not exist");
  });

  test("without a model nothing is sent", async () => {
    await writeSummary({ subject: petrov, results: petrovResults(), language: "en" }, null);
    expect(stub.requests).toHaveLength(0);
  });
});

describe("reasons in words", () => {
  test("each reason reads as a sentence in each language", () => {
    const reasons = petrovResults({ failMedia: true }).risk.reasons;
    const results = petrovResults({ failMedia: true });
    expect(reasons.map((r) => describeReason(r, "en", results))).toEqual([
      "Strong sanctions match: Viktor Ivanovich PETROV in OFAC SDN List (score 97%; a near-exact name match).",
      "Listed as a politically exposed person: Viktor Petrov (Every Politician).",
      "2 adverse media articles: crime, corruption.",
      "Could not be checked: Google News (the service answered with an error (HTTP 503)).",
    ]);
    expect(describeReason(reasons[3], "de", results)).toBe("Nicht geprüft werden konnten: Google News (der Dienst antwortete mit einem Fehler (HTTP 503)).");
    expect(describeReason(reasons[2], "de")).toBe("2 negative Medienartikel: Kriminalität, Korruption.");
    expect(describeReason(reasons[0], "es")).toContain("Coincidencia fuerte en sanciones");
    expect(describeReason({ code: "no_findings", level: "low", params: {} }, "fr")).toStartWith("Aucun constat");
  });
});

describe("words for people, rendered from stored facts", () => {
  const noNews = () => {
    const results = cleanResults();
    results.adverseMedia = [];
    results.sources = [
      { source: "OFAC SDN List", kind: "sanctions", status: "ok" },
      { source: "GDELT", kind: "media", status: "failed", error: "could not be reached (ENOTFOUND)", errorCode: "unreachable" },
      { source: "Google News", kind: "media", status: "failed", error: "no answer within 10 s", errorCode: "timeout", errorParams: { seconds: 10 } },
    ];
    const risk = assessRisk({ ...results, subject: { entityType: "person" } });
    results.risk = { level: risk.level, reasons: risk.reasons };
    results.clean = risk.clean;
    return results;
  };

  test("when every news provider failed, the summary says media could not be checked, never that none was found", async () => {
    const { text } = await writeSummary({ subject: { name: "Anna Schmidt", entityType: "person" }, results: noNews(), language: "en" });
    expect(text).toContain("adverse media could not be checked");
    expect(text).toContain("Adverse media could not be checked: no news provider answered");
    expect(text).not.toContain("No media articles were found");
    expect(text).toContain("The overall risk is rated MEDIUM");
    expect(text).toContain("GDELT (the service could not be reached) and Google News (no answer within 10 s)");
    // neither the technical detail nor the provider's name twice
    expect(text).not.toContain("ENOTFOUND");
    expect(text).not.toContain("GDELT: GDELT");
    const de = await writeSummary({ subject: { name: "Anna Schmidt", entityType: "person" }, results: noNews(), language: "de" });
    expect(de.text).toContain("Negative Medienberichte konnten nicht geprüft werden");
    expect(de.text).toContain("GDELT (der Dienst war nicht erreichbar) und Google News (keine Antwort innerhalb von 10 s)");
    expect(de.text).not.toContain("Es wurden keine Medienartikel gefunden");
  });

  test("list versions read as days and nationalities as country names, in the language", async () => {
    const results = petrovResults();
    results.sanctionsList[0].lastUpdated = "2026-11-22T16:22:06.303Z";
    results.sanctionsList[0].hits[0].mismatches = [{ kind: "nationality", listed: ["ru"], searched: "de" }];
    const en = (await writeSummary({ subject: petrov, results, language: "en" })).text;
    expect(en).toContain("(list of Nov 22, 2026)");
    expect(en).toContain("nationality: Russia");
    expect(en).toContain("nationality: listed Russia, searched Germany");
    expect(en).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    expect(en).not.toContain("nationality: ru");
    const fr = (await writeSummary({ subject: petrov, results, language: "fr" })).text;
    expect(fr).toContain("(liste du 22 nov. 2026)");
    expect(fr).toContain("nationalité : Russie");
    expect(fr).toContain("nationalité : inscrite Russie, recherchée Allemagne");
  });

  test("a stored built-in summary is shown in the viewer's language; a model's in another language gives way to it", () => {
    const results = { ...petrovResults(), summaryLanguage: "en" };
    const shown = displayedSummary(petrov, results, "Viktor Petrov was screened as a person …", "fr");
    expect(shown.source).toBe("built_in");
    expect(shown.text).toContain("comme CRITIQUE");
    const byModel = { ...results, summarySource: "model" as const };
    expect(displayedSummary(petrov, byModel, "The model's words.", "en")).toEqual({ text: "The model's words.", source: "model", modelInOtherLanguage: false });
    const other = displayedSummary(petrov, byModel, "The model's words.", "de");
    expect(other.source).toBe("built_in");
    expect(other.modelInOtherLanguage).toBe(true);
    expect(other.text).toContain("als KRITISCH eingestuft");
  });

  test("results stored before PEP listings and grouped failures had their own shape read in today's shape", () => {
    const stored = {
      ...cleanResults(),
      pepListings: undefined,
      adverseMedia: [
        {
          title: "Politically exposed person: Jane Senator",
          summary: "Jane Senator is listed in US Congress.",
          source: "US Congress",
          date: "2024-03-01T00:00:00.000Z",
          url: "https://pep.test/jane",
          category: "PEP",
          isNegative: false,
        },
        {
          title: "Jane Senator opens a school",
          summary: "",
          source: "Local",
          date: null,
          url: "https://news.test/school",
          category: "positive",
          isNegative: false,
        },
      ],
      risk: {
        level: "medium",
        reasons: [
          { code: "source_failed", level: "medium", params: { source: "OFAC", kind: "sanctions", error: "Never downloaded" } },
          { code: "pep", level: "medium", params: { title: "Politically exposed person: Jane Senator", source: "US Congress" } },
          { code: "source_failed", level: "low", params: { source: "GDELT", kind: "media", error: "GDELT: could not be reached" } },
        ],
      },
    };
    const results = readResults(JSON.parse(JSON.stringify(stored)))!;
    expect(results.adverseMedia.map((m) => m.title)).toEqual(["Jane Senator opens a school"]);
    expect(results.pepListings).toEqual([
      {
        hitId: expect.any(String),
        name: "Jane Senator",
        dataset: "US Congress",
        listVersion: "2024-03-01T00:00:00.000Z",
        url: "https://pep.test/jane",
        nationality: [],
        birthDate: [],
        mismatches: [],
        role: "pep",
        positions: [],
        relatedPeps: [],
      },
    ]);
    expect(results.risk.reasons.map((r) => [r.code, r.level])).toEqual([
      ["source_failed", "medium"],
      ["pep", "medium"],
    ]);
    // a search stored today keeps an article the classifier filed under PEP among the media
    const today = readResults({ ...cleanResults(), adverseMedia: stored.adverseMedia })!;
    expect(today.adverseMedia).toHaveLength(2);
  });
});

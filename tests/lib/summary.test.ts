import { afterAll, beforeEach, describe, expect, test } from "bun:test";
import { loadLlmConfig } from "../../lib/llm/config.ts";
import { LanguageModel } from "../../lib/llm/language-model.ts";
import { assessRisk } from "../../lib/screening/risk.ts";
import { describeReason, REPORT_LANGUAGES, writeSummary, type ReportLanguage } from "../../lib/screening/summary/index.ts";
import { OpenAiServer } from "../helpers/openai-server.ts";
import { cleanResults, petrovResults } from "./summary-fixtures.ts";

const stub = OpenAiServer.start();
afterAll(() => stub.stop());
beforeEach(() => stub.reset());

const petrov = { name: "Viktor Petrov", entityType: "person" as const };
const model = (timeoutMs = 2_000) => new LanguageModel(loadLlmConfig({ OPENAI_BASE_URL: stub.url, DUECHECK_LLM_TIMEOUT_MS: String(timeoutMs) }));

// Intl puts a no-break space before % in de, es and fr.
const expected: Record<ReportLanguage, (string | RegExp)[]> = {
  en: ["rated CRITICAL", "Viktor Ivanovich PETROV in OFAC SDN List", "97%", "RUSSIA-EO14024", "PEP status: the subject is listed", "2 of the 3 media articles", "crime (1)", "corruption (1)", "could not be checked: Google News (HTTP 503", "Recommendation: do not proceed"],
  de: ["als KRITISCH eingestuft", "Viktor Ivanovich PETROV in OFAC SDN List", /97\s%/, "RUSSIA-EO14024", "PEP-Status: Es liegt ein Eintrag", "2 von 3 geprüften Medienartikeln", "Kriminalität (1)", "Korruption (1)", "nicht geprüft werden: Google News (HTTP 503", "Empfehlung: Nicht fortfahren"],
  es: ["como CRÍTICO", "Viktor Ivanovich PETROV en OFAC SDN List", /97\s%/, "RUSSIA-EO14024", "Condición de PEP: figura", "2 de los 3 artículos", "delitos (1)", "corrupción (1)", "consultar las siguientes fuentes: Google News (HTTP 503", "Recomendación: no continuar"],
  fr: ["comme CRITIQUE", "Viktor Ivanovich PETROV dans OFAC SDN List", /97\s%/, "RUSSIA-EO14024", "Statut PPE : une inscription", "2 des 3 articles", "criminalité (1)", "corruption (1)", "consultées : Google News (HTTP 503", "Recommandation : ne pas poursuivre"],
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
    results.sources = [{ source: "OFAC SDN List", kind: "sanctions", status: "failed", error: "No sanctions data has been downloaded yet" }];
    const risk = assessRisk({ ...results, subject: { entityType: "person" } });
    results.risk = { level: risk.level, reasons: risk.reasons };
    results.clean = risk.clean;
    const { text } = await writeSummary({ subject: { name: "Anna Schmidt", entityType: "person" }, results, language: "fr" });
    expect(text).toContain("comme MOYEN");
    expect(text).toContain("Source non consultée : OFAC SDN List (No sanctions data has been downloaded yet).");
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
    for (const finding of ["Viktor Petrov", "OFAC SDN List", "0.97", "RUSSIA-EO14024", "Member of the State Duma", "Procurement bribes", "HTTP 503", '"ref": "S1"', '"ref": "F1"']) {
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
    expect(reasons.map((r) => describeReason(r, "en"))).toEqual([
      "Strong sanctions match: Viktor Ivanovich PETROV in OFAC SDN List (score 97%; a near-exact name match).",
      "Politically exposed person: Member of the State Duma (2016-2021) (Every Politician).",
      "2 adverse media articles: crime, corruption.",
      "Source not checked: Google News (HTTP 503 Service Unavailable).",
    ]);
    expect(describeReason(reasons[2], "de")).toBe("2 negative Medienartikel: Kriminalität, Korruption.");
    expect(describeReason(reasons[0], "es")).toContain("Coincidencia fuerte en sanciones");
    expect(describeReason({ code: "no_findings", level: "low", params: {} }, "fr")).toStartWith("Aucun constat");
  });
});

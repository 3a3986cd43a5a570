import { afterAll, beforeEach, describe, expect, test } from "bun:test";
import { z } from "zod";
import { type ClassificationItem, LlmArticleClassifier } from "../../lib/llm/article-classifier.ts";
import { DEFAULT_LLM_MODEL, DEFAULT_LLM_TIMEOUT_MS, loadLlmConfig } from "../../lib/llm/config.ts";
import { LanguageModel, LlmError, languageModelFromEnv } from "../../lib/llm/language-model.ts";
import { OpenAiServer } from "../helpers/openai-server.ts";

const stub = OpenAiServer.start();
afterAll(() => stub.stop());
beforeEach(() => stub.reset());

function model(timeoutMs = 2_000) {
  return new LanguageModel(loadLlmConfig({ OPENAI_BASE_URL: stub.url, DUECHECK_LLM_MODEL: "test-model", DUECHECK_LLM_TIMEOUT_MS: String(timeoutMs) }));
}

const colour = z.object({ colour: z.enum(["red", "green"]), count: z.number().int() });
const ask = (m: LanguageModel) => m.json({ name: "colour", system: "Pick a colour.", user: "Which colour?", schema: colour });

describe("LLM configuration", () => {
  test("is configured only with an API key or a base URL", () => {
    expect(loadLlmConfig({}).configured).toBe(false);
    expect(loadLlmConfig({ OPENAI_API_KEY: "  " }).configured).toBe(false);
    expect(loadLlmConfig({ DUECHECK_LLM_MODEL: "gpt-4o" }).configured).toBe(false);
    expect(loadLlmConfig({ OPENAI_API_KEY: "sk-test" }).configured).toBe(true);
    expect(loadLlmConfig({ OPENAI_BASE_URL: "http://127.0.0.1:1/v1" }).configured).toBe(true);
    expect(languageModelFromEnv({})).toBeNull();
    expect(languageModelFromEnv({ OPENAI_API_KEY: "sk-test" })).toBeInstanceOf(LanguageModel);
  });

  test("has defaults and reads the model and timeout", () => {
    expect(loadLlmConfig({})).toMatchObject({ model: DEFAULT_LLM_MODEL, timeoutMs: DEFAULT_LLM_TIMEOUT_MS });
    expect(DEFAULT_LLM_TIMEOUT_MS).toBe(20_000);
    const config = loadLlmConfig({ OPENAI_API_KEY: "k", OPENAI_BASE_URL: "http://x.test/v1", DUECHECK_LLM_MODEL: "llama3", DUECHECK_LLM_TIMEOUT_MS: "5000" });
    expect(config).toEqual({ configured: true, apiKey: "k", baseURL: "http://x.test/v1", model: "llama3", timeoutMs: 5000 });
  });

  test("refuses a malformed base URL or timeout", () => {
    expect(() => loadLlmConfig({ OPENAI_BASE_URL: "not a url" })).toThrow("OPENAI_BASE_URL");
    expect(() => loadLlmConfig({ DUECHECK_LLM_TIMEOUT_MS: "soon" })).toThrow();
  });
});

describe("JSON answers", () => {
  test("sends a strict json_schema response format and returns the checked answer", async () => {
    stub.answer({ colour: "red", count: 3 });
    expect(await ask(model())).toEqual({ colour: "red", count: 3 });
    expect(stub.requests).toHaveLength(1);
    const body = stub.requests[0].body;
    expect(body.model).toBe("test-model");
    expect(body.response_format?.type).toBe("json_schema");
    expect(body.response_format?.json_schema?.name).toBe("colour");
    expect(body.response_format?.json_schema?.strict).toBe(true);
    expect(JSON.stringify(body.response_format?.json_schema?.schema)).toContain('"enum":["red","green"]');
    expect(stub.prompt(0, "system")).toContain("Pick a colour.");
    expect(stub.prompt(0)).toBe("Which colour?");
  });

  test("sends the API key when one is set", async () => {
    const keyed = new LanguageModel(loadLlmConfig({ OPENAI_BASE_URL: stub.url, OPENAI_API_KEY: "sk-secret" }));
    stub.answer({ colour: "green", count: 1 });
    await ask(keyed);
    expect(stub.requests[0].authorization).toBe("Bearer sk-secret");
  });

  test("accepts JSON wrapped in a code fence", async () => {
    stub.answer('```json\n{"colour":"green","count":2}\n```');
    expect(await ask(model())).toEqual({ colour: "green", count: 2 });
  });

  test("retries once after an HTTP 500, then gives up", async () => {
    stub.setMode("error");
    const error = await ask(model()).catch((e) => e);
    expect(error).toBeInstanceOf(LlmError);
    expect(error.kind).toBe("http");
    expect(error.status).toBe(500);
    expect(stub.requests).toHaveLength(2);
  });

  test("an answer that is not JSON is retried, and a good second answer is used", async () => {
    stub.answer("I think red is nice", { colour: "red", count: 1 });
    expect(await ask(model())).toEqual({ colour: "red", count: 1 });
    expect(stub.requests).toHaveLength(2);
  });

  test("invalid content twice fails as an invalid answer", async () => {
    stub.setMode("invalid");
    const error = await ask(model()).catch((e) => e);
    expect(error).toBeInstanceOf(LlmError);
    expect(error.kind).toBe("invalid_answer");
    expect(stub.requests).toHaveLength(2);
  });

  test("an answer outside the schema is refused", async () => {
    stub.answerAlways({ colour: "blue", count: 1 });
    const error = await ask(model()).catch((e) => e);
    expect(error.kind).toBe("invalid_answer");
    expect(error.message).toContain("colour");
  });

  test("a model that never answers times out after two attempts", async () => {
    stub.setMode("hang");
    const started = performance.now();
    const error = await ask(model(300)).catch((e) => e);
    const elapsed = performance.now() - started;
    expect(error).toBeInstanceOf(LlmError);
    expect(error.kind).toBe("timeout");
    expect(stub.requests).toHaveLength(2);
    expect(elapsed).toBeGreaterThanOrEqual(550);
    expect(elapsed).toBeLessThan(3_000);
  });

  test("a server that cannot be reached fails as unreachable", async () => {
    const unreachable = new LanguageModel(loadLlmConfig({ OPENAI_BASE_URL: "http://127.0.0.1:1/v1", DUECHECK_LLM_TIMEOUT_MS: "1000" }));
    const error = await ask(unreachable).catch((e) => e);
    expect(error.kind).toBe("unreachable");
  });
});

function item(title: string, snippet: string): ClassificationItem {
  return {
    subject: "Viktor Petrov",
    language: "en",
    article: { title, snippet, url: `https://news.test/${encodeURIComponent(title)}`, source: "News Test", publishedAt: "2024-03-01", language: "en" },
  };
}

describe("LLM article classifier", () => {
  const items = [
    item("Viktor Petrov charged with money laundering", "Prosecutors charged businessman Viktor Petrov..."),
    item("Viktor Petrov wins chess open", "Viktor Petrov, 14, a schoolboy from Tallinn, won..."),
    item("Minister Viktor Petrov opens bridge", "Transport minister Viktor Petrov..."),
    item("Viktor Petrov donates to hospital", "The businessman gave..."),
  ];

  test("classifies a batch in one request and drops namesakes", async () => {
    stub.answer({
      articles: [
        { id: 2, aboutSubject: false, category: "positive", isNegative: false },
        { id: 1, aboutSubject: true, category: "criminal", isNegative: true },
        { id: 3, aboutSubject: true, category: "PEP", isNegative: false },
        { id: 4, aboutSubject: true, category: "positive", isNegative: true },
      ],
    });
    const result = await new LlmArticleClassifier(model()).classify(items);
    expect(stub.requests).toHaveLength(1);
    expect(result).toEqual([
      { category: "criminal", isNegative: true, relevant: true },
      { category: "others", isNegative: false, relevant: false },
      { category: "PEP", isNegative: false, relevant: true },
      // positive news is never counted as adverse, whatever the model says
      { category: "positive", isNegative: false, relevant: true },
    ]);
    const prompt = stub.prompt(0);
    expect(prompt).toContain('"subject": "Viktor Petrov"');
    for (const i of items) expect(prompt).toContain(i.article.title);
    expect(stub.prompt(0, "system")).toContain("namesake");
  });

  test("an answer missing an article is refused, so the caller can fall back", async () => {
    stub.answerAlways({ articles: [{ id: 1, aboutSubject: true, category: "criminal", isNegative: true }] });
    const error = await new LlmArticleClassifier(model()).classify(items.slice(0, 2)).catch((e) => e);
    expect(error).toBeInstanceOf(LlmError);
    expect(error.kind).toBe("invalid_answer");
  });

  test("asks nothing for no articles", async () => {
    expect(await new LlmArticleClassifier(model()).classify([])).toEqual([]);
    expect(stub.requests).toHaveLength(0);
  });

  test("a failing model surfaces as LlmError", async () => {
    stub.setMode("error");
    await expect(new LlmArticleClassifier(model()).classify(items)).rejects.toBeInstanceOf(LlmError);
  });
});

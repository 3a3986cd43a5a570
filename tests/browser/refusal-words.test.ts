/**
 * A throttled sign-in reads in the reader's language: the server's 429 carries the limit's sentence (`refusal`) and
 * the wait (`tryAgainMinutes`) beside its English text, and the app words both from them (web/src/lib/refusal-words.ts)
 * instead of showing the English. The answer is the real server's, read as the app reads it (errorOf).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { type DuecheckError, errorOf } from "@duecheck/react/api/errors";
import { createInstance, type TFunction } from "i18next";
import { HttpClient } from "../../support/http-client.ts";
import { de, en, es, fr } from "../../web/src/i18n/words.ts";
import { serverRefusalWords } from "../../web/src/lib/refusal-words.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";

let app: TestApp;
let refusal: DuecheckError;
let retryAfterSeconds: number;

/** i18next as the app sets it up (web/src/i18n/index.ts), in one language. */
async function wordsIn(language: string, words: Record<string, string>): Promise<TFunction> {
  const i18n = createInstance();
  await i18n.init({
    resources: { [language]: { translation: words } },
    lng: language,
    keySeparator: false,
    nsSeparator: false,
    returnNull: false,
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

beforeAll(async () => {
  app = await startApp();
  await createUser(app.db, { email: "throttled@example.com", password: "password-1" });
  const guesser = new HttpClient(app.url);
  for (let i = 0; i < 5; i++) expect((await guesser.post("/api/auth/login", { email: "throttled@example.com", password: `guess-${i}x` })).status).toBe(401);
  const blocked = await guesser.post("/api/auth/login", { email: "throttled@example.com", password: "password-1" });
  expect(blocked.status).toBe(429);
  retryAfterSeconds = Number(blocked.headers.get("retry-after"));
  refusal = await errorOf({ status: blocked.status, statusText: "", text: async () => blocked.text });
});

afterAll(async () => {
  await app?.stop();
});

test("the 429 sends the limit's sentence and the minutes beside its English text", () => {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  expect(refusal.body).toMatchObject({ refusal: "Too many failed sign-in attempts.", tryAgainMinutes: minutes });
  expect(refusal.message).toBe(`Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`);
});

test("the app words it in English as the server does, and in German, Spanish and French from the fields", async () => {
  const minutes = refusal.body.tryAgainMinutes;
  const many = minutes !== 1;
  expect(serverRefusalWords(await wordsIn("en", en), refusal)).toBe(refusal.message);
  expect(serverRefusalWords(await wordsIn("de", de), refusal)).toBe(
    `Zu viele fehlgeschlagene Anmeldeversuche. Versuchen Sie es in ${minutes} Minute${many ? "n" : ""} erneut.`,
  );
  expect(serverRefusalWords(await wordsIn("es", es), refusal)).toBe(
    `Demasiados intentos de inicio de sesión fallidos. Inténtelo de nuevo dentro de ${minutes} minuto${many ? "s" : ""}.`,
  );
  expect(serverRefusalWords(await wordsIn("fr", fr), refusal)).toBe(
    `Trop de tentatives de connexion échouées. Réessayez dans ${minutes} minute${many ? "s" : ""}.`,
  );
});

test("a refusal without such fields is its sentence in the reader's words", async () => {
  const wrong = await new HttpClient(app.url).post("/api/auth/login", { email: "nobody@example.com", password: "password-1" });
  const error = await errorOf({ status: wrong.status, statusText: "", text: async () => wrong.text });
  expect(serverRefusalWords(await wordsIn("de", de), error)).toBe(de["Invalid email or password"]);
  expect(serverRefusalWords(await wordsIn("de", de), new Error("offline"))).toBeUndefined();
});

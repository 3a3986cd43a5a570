/**
 * A refused batch CSV is worded in the interface language: every reason a row's value can be refused for (the search
 * schema's messages, which the web translates by their English text) has a translation in all four languages.
 */
import { describe, expect, test } from "bun:test";
import { BatchCsvError, readBatchCsv } from "../../lib/batch/csv.ts";
import { de, en, es, fr } from "../../web/src/i18n/words.ts";

/** Files whose first data row has one bad value in each column a CSV row can hold. */
const BAD_ROWS = [
  "name\nNul\u0001Name\n",
  `name\n${"x".repeat(201)}\n`,
  "name,type\nA,vessel\n",
  "name,language\nA,it\n",
  "name,country\nA,XX\n",
  "name,country\nA,Germany\n",
  "name,country\nA,D\u0001\n",
  "name,numlinks\nA,ten\n",
  "name,numlinks\nA,2.5\n",
  "name,numlinks\nA,0\n",
  "name,numlinks\nA,51\n",
  "name,birthDate\nA,31.12.1961\n",
  "name,dob\nA,1800\n",
  "name,nationality\nA,Germany\n",
  "name,passport\nA,12\n",
  "name,identifiers\nA,visa:1234567\n",
  "name,imo\nA,12345\n",
  `name,customerRef\nA,${"r".repeat(101)}\n`,
];

async function refusedValue(csv: string): Promise<string> {
  try {
    await readBatchCsv(csv);
  } catch (error) {
    if (error instanceof BatchCsvError && error.problem.code === "invalidValue") return error.problem.message;
    throw error;
  }
  throw new Error(`accepted: ${JSON.stringify(csv)}`);
}

describe("batch CSV refusals in the interface languages", () => {
  test("every value a row can be refused for has a translation key in en, de, es and fr", async () => {
    const messages = new Set(await Promise.all(BAD_ROWS.map(refusedValue)));
    expect(messages.size).toBeGreaterThanOrEqual(16);
    for (const [language, dict] of Object.entries({ en, de, es, fr }) as [string, Record<string, string>][]) {
      expect({ language, missing: [...messages].filter((m) => !dict[m]?.trim()) }).toEqual({ language, missing: [] });
    }
  });
});

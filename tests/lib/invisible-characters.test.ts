import { describe, expect, test } from "bun:test";
import { searchTerm } from "../../lib/screening/schemas.ts";
import { stripInvisibleCharacters, text } from "../../lib/validation/text.ts";

/** The text rule removes what reorders or hides text, so a record shows exactly what was screened. */
describe("bidi controls and zero-width characters", () => {
  const removed = [
    "\u202A",
    "\u202B",
    "\u202C",
    "\u202D",
    "\u202E",
    "\u2066",
    "\u2067",
    "\u2068",
    "\u2069",
    "\u200E",
    "\u200F",
    "\u061C",
    "\u200B",
    "\u2060",
    "\uFEFF",
  ];

  test.each(removed.map((c) => [c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0"), c]))("U+%s is removed from a search term", (_code, c) => {
    expect(searchTerm.parse(`Jane${c} Doe${c}`)).toBe("Jane Doe");
  });

  test("a note keeps its lines, a password is kept exactly, and the joiners stay", () => {
    expect(text({ field: "Note", max: 100, kind: "multiline" }).parse("first\u202E line\nsecond\u200B")).toBe("first line\nsecond");
    expect(text({ field: "Password", max: 100, kind: "secret" }).parse("pass\u200Bword")).toBe("pass\u200Bword");
    expect(stripInvisibleCharacters("علی\u200Cزاده राम\u200Dकृष्ण")).toBe("علی\u200Cزاده राम\u200Dकृष्ण");
  });

  test("a term that was only invisible characters is blank, and refused as such", () => {
    expect(searchTerm.safeParse("\u202E\u200B").error?.issues[0].message).toBe("Search term is required");
  });
});

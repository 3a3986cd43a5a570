import { describe, expect, test } from "bun:test";
import { articleMentions, nameAppears, nameMatcher } from "../../lib/media/name-presence.ts";

const person = (name: string, text: string) => nameAppears(name, "person", text);
const company = (name: string, text: string) => nameAppears(name, "company", text);

describe("persons", () => {
  test("the full name, in any case, with diacritics or their ASCII spellings", () => {
    expect(person("John Smith", "John Smith arrested in Miami")).toBe(true);
    expect(person("John Smith", "JOHN SMITH ARRESTED")).toBe(true);
    expect(person("José Müller", "Jose Mueller investigado por fraude")).toBe(true);
    expect(person("Jose Muller", "José Müller, detenido")).toBe(true);
    expect(person("Jürgen Groß", "Juergen Gross festgenommen")).toBe(true);
  });

  test("punctuation and possessives do not hide the name", () => {
    expect(person("John Smith", "John Smith's company collapses")).toBe(true);
    expect(person("John Smith", "“John Smith”: the fall of a banker")).toBe(true);
    expect(person("Jean-Pierre Dupont", "Jean Pierre Dupont mis en examen")).toBe(true);
    expect(person("Jean Pierre Dupont", "Jean-Pierre DUPONT relaxé")).toBe(true);
  });

  test("Last, First order in the text or in the query", () => {
    expect(person("John Smith", "SMITH, John – sentenced")).toBe(true);
    expect(person("John Smith", "Smith John (45) charged")).toBe(true);
    expect(person("Smith, John", "John Smith wins award")).toBe(true);
    expect(person("Smith, John Michael", "John Smith wins award")).toBe(true);
  });

  test("a missing middle name, or its initial, still matches", () => {
    expect(person("John Michael Smith", "John Smith charged with fraud")).toBe(true);
    expect(person("John Michael Smith", "John M. Smith charged with fraud")).toBe(true);
    expect(person("John Michael Smith", "John Michael Smith charged")).toBe(true);
    expect(person("John Smith", "John F. Smith charged")).toBe(true);
  });

  test("honorifics and particles are not required", () => {
    expect(person("Dr. John Smith", "John Smith opens clinic")).toBe(true);
    expect(person("Ludwig van Beethoven", "Ludwig van Beethoven festival")).toBe(true);
    expect(person("Ludwig van Beethoven", "Ludwig Beethoven festival")).toBe(true);
  });

  test("a shared surname or first name alone is someone else", () => {
    expect(person("John Smith", "Smith charged with fraud")).toBe(false);
    expect(person("John Smith", "Mr Smith charged with fraud")).toBe(false);
    expect(person("John Smith", "Jane Smith charged with fraud")).toBe(false);
    expect(person("John Smith", "John Smithers charged with fraud")).toBe(false);
    expect(person("John Smith", "John Brown and Jane Smith charged")).toBe(false);
    expect(person("John Smith", "John Paul Smith charged")).toBe(false);
    expect(person("Jean-Pierre Dupont", "Pierre Dupont mis en examen")).toBe(false);
    expect(person("Ludwig van Beethoven", "Beethoven festival opens")).toBe(false);
  });

  test("a one-word name must appear as a whole word", () => {
    expect(person("Madonna", "Madonna cancels tour")).toBe(true);
    expect(person("Madonna", "Madonnas of the Renaissance")).toBe(false);
  });

  test("an empty name matches nothing", () => {
    expect(person("", "John Smith")).toBe(false);
    expect(company("  ", "Acme")).toBe(false);
  });
});

describe("companies", () => {
  test("the distinctive words, without the legal form", () => {
    expect(company("Deutsche Bank AG", "Deutsche Bank fined over money laundering")).toBe(true);
    expect(company("Siemens AG", "Siemens wins rail contract")).toBe(true);
    expect(company("Nestlé S.A.", "Nestle recalls baby food")).toBe(true);
    expect(company("Acme Holdings Ltd", "Acme sued by investors")).toBe(true);
  });

  test("connectors, legal forms and generic words may stand between the distinctive words", () => {
    expect(company("Bank of America Corp", "Bank of America settles probe")).toBe(true);
    expect(company("Procter & Gamble Co", "Procter and Gamble raises prices")).toBe(true);
    expect(company("Procter & Gamble Co", "Procter & Gamble raises prices")).toBe(true);
    expect(company("Grupo Televisa S.A.B.", "Televisa faces bribery probe")).toBe(true);
  });

  test("one shared common word is another company", () => {
    expect(company("Deutsche Bank AG", "Deutsche Telekom cuts jobs")).toBe(false);
    expect(company("Deutsche Bank AG", "Bank of England raises rates")).toBe(false);
    expect(company("Bank of America Corp", "America's biggest bank")).toBe(false);
    expect(company("Wirecard AG", "Wire transfer fraud rises")).toBe(false);
  });
});

describe("articles", () => {
  const matcher = nameMatcher("John Smith", "person");

  test("the name may be in the title or in the snippet", () => {
    expect(articleMentions(matcher, { title: "Banker charged", snippet: "Prosecutors said John Smith hid funds." })).toBe(true);
    expect(articleMentions(matcher, { title: "John Smith charged", snippet: "" })).toBe(true);
  });

  test("the name is not pieced together from title and snippet", () => {
    expect(articleMentions(matcher, { title: "Banker John", snippet: "Smith said nothing." })).toBe(false);
  });
});

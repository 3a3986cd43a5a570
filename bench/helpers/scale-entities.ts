/**
 * Invented listings at OpenSanctions scale, for bench:scale: the same ones on every run. No real list is read.
 *
 * Persons are seven in ten: a family name and one to three given names, either from faker-js's name tables in many
 * locales and scripts (clean-names.ts) or invented from syllables (OpenSanctions' PEP collection holds hundreds of
 * thousands of distinct family names, more than any name table), written "FAMILY, Given" in Latin script. Companies
 * join invented and common business words with a legal form; a few are vessels. Aliases (1.3 an entity on average,
 * as in the real lists: 2.3 names an entity) are the name in another order, without a middle name, with a vowel
 * changed as transliterations do, or another given name. Some persons carry a birth date, a nationality and a
 * passport number.
 */
import type { EntitySchema, SanctionsEntity } from "../../lib/sanctions/entity.ts";
import { cleanNames } from "./clean-names.ts";

/** A deterministic pseudo-random generator (mulberry32). */
export function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ONSETS = ["b", "br", "ch", "d", "dr", "f", "g", "gr", "h", "j", "k", "kh", "l", "m", "n", "p", "r", "s", "sh", "t", "tr", "v", "w", "y", "z", "zh"];
const VOWELS = ["a", "e", "i", "o", "u", "ai", "ei", "ou", "ia"];
const CODAS = ["", "", "", "n", "r", "l", "s", "k", "m", "t", "v", "sh", "d"];
const BUSINESS = [
  "Trading",
  "Holdings",
  "Group",
  "Shipping",
  "Logistics",
  "Energy",
  "Capital",
  "Investments",
  "Industries",
  "Mining",
  "Petroleum",
  "Maritime",
  "Import Export",
  "Technologies",
  "Construction",
  "General Trading",
  "Finance",
  "Resources",
  "Partners",
  "Services",
];
const LEGAL = ["LLC", "Ltd", "JSC", "GmbH", "SA", "FZE", "Limited", "Co. Ltd", "OOO", "AG", "Inc", "SARL", "PJSC", "LLP"];
const COUNTRIES = ["RU", "IR", "SY", "KP", "VE", "BY", "CN", "AE", "TR", "LB", "IQ", "MM", "CU", "NI", "ZW", "SD", "YE", "LY", "AF", "PK"];
const DATASETS = ["scale_sanctions_a", "scale_sanctions_b", "scale_peps_a", "scale_peps_b", "scale_crime"];

const VOWEL_SWAPS: [RegExp, string][] = [
  [/ou/, "u"],
  [/u/, "ou"],
  [/i/, "y"],
  [/e/, "a"],
  [/o/, "u"],
  [/a/, "e"],
];

const capital = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

export interface ScaleNames {
  next: () => number;
  entity: (i: number) => SanctionsEntity;
}

/** The generator of entity i (call in order: it draws from one random sequence). */
export function scaleEntities(seed = 20261203): ScaleNames {
  const next = random(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)];
  const syllable = () => pick(ONSETS) + pick(VOWELS) + pick(CODAS);
  const invented = () => capital(Array.from({ length: 2 + Math.floor(next() * 2) }, syllable).join(""));
  const inventedFamilies = Array.from({ length: 400_000 }, invented);
  const inventedGiven = Array.from({ length: 40_000 }, invented);
  const inventedStems = Array.from({ length: 150_000 }, invented);
  const faked = cleanNames(60_000);
  const latinGiven: string[] = [];
  const latinFamily: string[] = [];
  const otherScripts: string[] = [];
  for (const { name, script } of faked) {
    if (script !== "Latin") {
      otherScripts.push(name);
      continue;
    }
    const words = name.split(" ");
    latinFamily.push(words[words.length - 1]);
    latinGiven.push(...words.slice(0, -1));
  }
  const vary = (word: string) => {
    const [pattern, to] = pick(VOWEL_SWAPS);
    return pattern.test(word) ? word.replace(pattern, to) : `${word}h`;
  };

  function person(): { names: string[]; native: boolean } {
    if (next() < 0.12) {
      // A name in its own script, and its aliases in Latin script.
      const own = pick(otherScripts);
      const family = pick(inventedFamilies);
      return { names: [own, `${family.toUpperCase()}, ${pick(inventedGiven)}`], native: true };
    }
    const family = next() < 0.55 ? pick(inventedFamilies) : pick(latinFamily);
    const given = Array.from({ length: 1 + Math.floor(next() * 2.2) }, () => (next() < 0.5 ? pick(inventedGiven) : pick(latinGiven)));
    const names = [`${family.toUpperCase()}, ${given.join(" ")}`];
    const aliases = Math.floor(next() * 3.4);
    for (let a = 0; a < aliases; a++) {
      const kind = next();
      if (kind < 0.3) names.push(`${given.join(" ")} ${family}`);
      else if (kind < 0.55 && given.length > 1) names.push(`${given[0]} ${family}`);
      else if (kind < 0.85) names.push(`${given.map(vary).join(" ")} ${vary(family)}`);
      else names.push(`${pick(latinGiven)} ${family}`);
    }
    return { names, native: false };
  }

  function company(): string[] {
    const stem = [pick(inventedStems), ...(next() < 0.4 ? [pick(inventedStems)] : [])].join(" ");
    const name = `${stem} ${pick(BUSINESS)} ${pick(LEGAL)}`.toUpperCase();
    const names = [name];
    const aliases = Math.floor(next() * 3.4);
    for (let a = 0; a < aliases; a++) names.push(next() < 0.5 ? `${stem} ${pick(BUSINESS)}` : `${stem.split(" ").map(vary).join(" ")} ${pick(LEGAL)}`);
    return names;
  }

  function entity(i: number): SanctionsEntity {
    const roll = next();
    const schema: EntitySchema = roll < 0.7 ? "Person" : roll < 0.96 ? "Organization" : roll < 0.99 ? "Vessel" : "Aircraft";
    const names = schema === "Person" ? person().names : company();
    const distinct = [...new Set(names)];
    const isPerson = schema === "Person";
    return {
      id: `scale:${i}`,
      datasetId: pick(DATASETS),
      sourceId: String(i),
      schema,
      name: distinct[0],
      aliases: distinct.slice(1).map((name) => ({ name, kind: "aka" as const })),
      nationalities: isPerson && next() < 0.6 ? [pick(COUNTRIES)] : [],
      birthDates: isPerson && next() < 0.5 ? [`19${40 + Math.floor(next() * 60)}-0${1 + Math.floor(next() * 9)}-1${Math.floor(next() * 9)}`] : [],
      ...(isPerson && next() < 0.1 ? { identifiers: [{ kind: "passport" as const, value: `P${String(Math.floor(next() * 1e8)).padStart(8, "0")}` }] } : {}),
      programs: [],
      addresses: [],
      remarks: null,
      listedOn: null,
      sourceUrl: `https://lists.example/entities/${i}`,
    };
  }

  return { next, entity };
}

/**
 * `count` queries: half a listed name (primary or alias) with a typo, a word dropped or the words reordered, half a
 * clean name nobody listed (clean-names.ts); some ask for a type, a few for datasets.
 */
export function scaleQueries(listed: SanctionsEntity[], count: number, seed = 7): { term: string; type?: "person" | "company"; datasets?: string[] }[] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)];
  const clean = cleanNames(count + 100, 20261204);
  return Array.from({ length: count }, (_, i) => {
    if (i % 2 === 1) return { term: clean[i].name, type: "person" as const };
    const e = pick(listed);
    const name = pick([e.name, ...e.aliases.map((a) => a.name)]);
    const words = name.replace(",", "").split(" ");
    const how = next();
    let term = name;
    if (how < 0.3 && words.length > 2) term = words.slice(0, -1).join(" ");
    else if (how < 0.6) term = [...words.slice(1), words[0]].join(" ");
    else if (how < 0.9) {
      const w = Math.floor(next() * words.length);
      const word = words[w];
      const at = Math.floor(next() * Math.max(1, word.length - 1));
      words[w] = word.slice(0, at) + (word[at + 1] ?? "") + (word[at] ?? "") + word.slice(at + 2);
      term = words.join(" ");
    }
    const type = next() < 0.5 ? ((e.schema === "Person" ? "person" : "company") as "person" | "company") : undefined;
    return { term, type, ...(next() < 0.1 ? { datasets: [e.datasetId] } : {}) };
  });
}

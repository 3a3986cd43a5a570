/**
 * A FollowTheMoney entities file of any size, made to order with invented names: the streaming import's tests and
 * benchmark need OpenSanctions-sized files, which are not shipped. Each target is a Person (4 in 5) or a Company
 * with names, aliases, dates, countries, a program and notes about the size of real entries; every 20th person has
 * a Passport entity after it (documents are bound in a second pass), and every 50th line is a context entity
 * (a Sanction) that is not screened.
 */
import { closeSync, openSync, writeSync } from "node:fs";

const SYLLABLES = ["ka", "ro", "mi", "ten", "sa", "vol", "dra", "nee", "pol", "ush", "ber", "lin", "ta", "gor", "vey", "an", "zu", "mek", "ri", "os"];
const COUNTRIES = ["ru", "ir", "kp", "sy", "by", "ve", "cu", "mm", "ua", "cn"];

/** A small deterministic generator (mulberry32): the same file for the same size. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SyntheticFtmOptions {
  /** Screening targets (Person or Company); documents and context entities come on top. */
  targets: number;
  /** Lines that are not JSON, spread through the file. */
  badLines?: number;
}

/** Writes the file and answers how many screening targets and lines it holds. */
export function writeSyntheticFtm(path: string, options: SyntheticFtmOptions): { targets: number; lines: number } {
  const next = random(options.targets * 7 + 1);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)];
  const word = (parts: number) => {
    let w = "";
    for (let i = 0; i < parts; i++) w += pick(SYLLABLES);
    return w[0].toUpperCase() + w.slice(1);
  };
  const fd = openSync(path, "w");
  let buffer: string[] = [];
  let lines = 0;
  const emit = (line: string) => {
    buffer.push(line);
    lines++;
    if (buffer.length >= 2000) flush();
  };
  const flush = () => {
    writeSync(fd, `${buffer.join("\n")}\n`);
    buffer = [];
  };
  const badEvery = options.badLines ? Math.max(1, Math.floor(options.targets / options.badLines)) : 0;
  let bad = 0;
  try {
    for (let i = 0; i < options.targets; i++) {
      const id = `NK-synth-${i.toString(36)}`;
      const country = pick(COUNTRIES);
      const person = i % 5 !== 4;
      const name = person ? `${word(2)} ${word(3)}` : `${word(3)} ${pick(["Trading", "Holdings", "Shipping", "Energy"])} LLC`;
      const properties: Record<string, string[]> = {
        name: [name],
        alias: [person ? `${word(2)} ${word(2)}` : word(3)],
        notes: [`Listed for ${pick(["sanctions evasion", "arms trade", "financing", "cyber activity"])} since ${2000 + (i % 25)}.`],
        programId: [`${country.toUpperCase()}-${1000 + (i % 50)}`],
      };
      if (person) {
        properties.birthDate = [`${1940 + (i % 60)}-${String((i % 12) + 1).padStart(2, "0")}-${String((i % 28) + 1).padStart(2, "0")}`];
        properties.nationality = [country];
      } else {
        properties.jurisdiction = [country];
      }
      emit(
        JSON.stringify({
          id,
          schema: person ? "Person" : "Company",
          caption: name,
          properties,
          first_seen: "2024-05-01T00:00:00",
          target: true,
          datasets: ["synthetic"],
        }),
      );
      if (person && i % 20 === 0) {
        emit(JSON.stringify({ id: `${id}-passport`, schema: "Passport", properties: { holder: [id], number: [`P${i}`], country: [country] } }));
      }
      if (i % 50 === 0) emit(JSON.stringify({ id: `${id}-sanction`, schema: "Sanction", properties: { entity: [id], program: ["Synthetic"] } }));
      if (badEvery && bad < options.badLines! && i % badEvery === badEvery - 1) {
        emit(`{"id": "NK-broken-${bad}", "schema": "Person", "properties": {"name": ["cut`);
        bad++;
      }
    }
    if (buffer.length) flush();
  } finally {
    closeSync(fd);
  }
  return { targets: options.targets, lines };
}

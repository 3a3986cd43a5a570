/**
 * PEP details as OpenSanctions' Senzing export carries them: a person's role from its RISKS topics (role.pep,
 * role.rca), the posts it holds through RELATIONSHIPS pointers whose role is "Occupancy" (a post is an untyped record:
 * its PRIMARY name is the title, COUNTRIES its country), and other persons it is linked to through pointers of any
 * other role (Family, Associate…). The export carries no dates, no status and no level of a post, and names a link by
 * its kind only (not "spouse" or "child"): those stay null, and the relationship is the pointer's role in lower case.
 *
 * Two passes, as for FollowTheMoney (ftm-pep.ts): `collect` sees every record and keeps the posts, the links and the
 * names of the PEPs a link may name; `detailsOf` answers for one person record.
 */
import { countryCode } from "../../countries.ts";
import type { PepDetails, PepPosition, RelatedPep } from "../pep.ts";
import { type JsonRecord, objects } from "./json-lines.ts";
import { cleanText } from "./text.ts";

interface Post {
  title: string;
  country: string | null;
}

const recordIdOf = (record: JsonRecord) => (typeof record.RECORD_ID === "string" || typeof record.RECORD_ID === "number" ? String(record.RECORD_ID) : "");

const topicsOf = (record: JsonRecord) => objects(record.RISKS).map((r) => String(r.TOPIC ?? ""));

function primaryName(record: JsonRecord): string {
  const names = objects(record.NAMES);
  const name = names.find((n) => n.NAME_TYPE === "PRIMARY") ?? names[0];
  if (!name) return "";
  const whole = name.NAME_FULL ?? name.NAME_ORG;
  if (typeof whole === "string" && whole.trim()) return cleanText(whole);
  return [name.NAME_FIRST, name.NAME_MIDDLE, name.NAME_LAST].map(cleanText).filter(Boolean).join(" ");
}

/** The pointers of a record: the key of the record pointed at and the pointer's role as published. */
const pointersOf = (record: JsonRecord) =>
  objects(record.RELATIONSHIPS)
    .filter((r) => r.REL_POINTER_KEY !== undefined)
    .map((r) => ({ key: String(r.REL_POINTER_KEY), role: cleanText(r.REL_POINTER_ROLE) }));

export class SenzingPepLinks {
  private readonly posts = new Map<string, Post>();
  /** Links between persons, from both sides: the other person's record id and the link's kind. */
  private readonly links = new Map<string, [other: string, relationship: string][]>();
  /** The names of the PEPs (a relative or associate names whose one they are). */
  private readonly peps = new Map<string, string>();

  /** Pass one: every record. True for a post (an untyped record), which is not an entity to screen. */
  collect(record: JsonRecord): boolean {
    const id = recordIdOf(record);
    if (!id) return false;
    const type = record.RECORD_TYPE;
    if (type === null || type === undefined || type === "") {
      const title = primaryName(record);
      const country = objects(record.COUNTRIES)
        .map((c) => cleanText(c.NATIONALITY ?? c.COUNTRY_OF_ASSOCIATION ?? c.CITIZENSHIP))
        .find(Boolean);
      if (title) this.posts.set(id, { title, country: country ? (countryCode(country) ?? country.toUpperCase()) : null });
      return true;
    }
    if (String(type).toUpperCase() !== "PERSON") return false;
    if (topicsOf(record).includes("role.pep")) {
      const name = primaryName(record);
      if (name) this.peps.set(id, name);
    }
    for (const { key, role } of pointersOf(record)) {
      if (role === "Occupancy") continue;
      const relationship = role.toLowerCase() || "associate";
      push(this.links, id, [key, relationship]);
      push(this.links, key, [id, relationship]);
    }
    return false;
  }

  /** Pass two: the PEP details of one person record; undefined when it is neither a PEP nor an RCA and holds no post. */
  detailsOf(record: JsonRecord): PepDetails | undefined {
    const topics = topicsOf(record);
    const posts = pointersOf(record)
      .filter((p) => p.role === "Occupancy")
      .map((p) => this.posts.get(p.key))
      .filter((p): p is Post => !!p);
    const rca = topics.includes("role.rca");
    const pep = topics.includes("role.pep");
    if (!rca && !pep && posts.length === 0) return undefined;
    const positions: PepPosition[] = posts.map((p) => ({ title: p.title, country: p.country, level: null, startDate: null, endDate: null, current: null }));
    const relatedPeps: RelatedPep[] = [];
    if (rca && !pep) {
      for (const [other, relationship] of this.links.get(recordIdOf(record)) ?? []) {
        const name = this.peps.get(other);
        if (name && !relatedPeps.some((r) => r.name === name)) relatedPeps.push({ name, relationship });
      }
    }
    return { role: rca && !pep ? "rca" : "pep", positions, relatedPeps };
  }
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

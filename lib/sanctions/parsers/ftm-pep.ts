/**
 * What makes an OpenSanctions PEP listing meaningful to enhanced due diligence, read from FollowTheMoney's side
 * records: `Position` (the post: its name, country and level), `Occupancy` (who held which post, from when to when,
 * and whether they still do), `Family` and `Associate` (a relative or close associate and the PEP they are linked to).
 *
 * Read in two passes over the file, so that it never keeps whole records: `collect` sees every record first and keeps
 * only these facts (a few short strings each), then `detailsOf` answers for one screened entity at a time. The side
 * records may come before or after the persons they name, which is why the first pass must see them all.
 */
import { countryCode } from "../../countries.ts";
import type { PepDetails, PepPosition, RelatedPep } from "../pep.ts";
import { type JsonRecord, strings } from "./json-lines.ts";
import { cleanText } from "./text.ts";

/** The side records read here: none of them is itself a screening target. */
const SIDE_SCHEMAS = new Set(["Position", "Occupancy", "Family", "Associate"]);

/** Separates the fields of a kept fact, and the facts kept for one person: neither occurs in published text. */
const FIELD = "\u0001";
const ENTRY = "\u0002";

/**
 * A 53-bit hash of an id (cyrb53): the maps below are keyed by it instead of the id's text, which halves what a
 * million persons cost. Two ids of one file meet on the same key with a chance of about 1 in 10,000 at 1.2 million
 * ids (n² / 2⁵⁴).
 */
export function idKey(id: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < id.length; i++) {
    const c = id.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** Appends one packed entry to a person's packed list. */
function append(map: Map<number, string>, key: number, entry: string): void {
  const list = map.get(key);
  map.set(key, list === undefined ? entry : `${list}${ENTRY}${entry}`);
}

const LEVEL_CODES: Record<string, PepPosition["level"]> = { i: "international", n: "national", s: "subnational" };

const propertiesOf = (record: JsonRecord) => (typeof record.properties === "object" && record.properties !== null ? record.properties : {}) as JsonRecord;
const first = (value: unknown): string | null => cleanText(strings(value)[0]) || null;

/**
 * A position's level from its topics (gov.igo, gov.national, gov.state, gov.muni) or, failing them, from a
 * subnational area the publisher names; null when neither says.
 */
export function positionLevel(topics: readonly string[], subnationalArea: boolean): PepPosition["level"] {
  if (topics.includes("gov.igo")) return "international";
  if (topics.includes("gov.national")) return "national";
  if (topics.includes("gov.state") || topics.includes("gov.muni") || subnationalArea) return "subnational";
  return null;
}

/**
 * Whether a post is still held: the publisher's status when it says ("current", "ended"), else an end date in the
 * past ends it; an end date still to come, or none, says nothing (null).
 */
export function heldNow(status: string | null, endDate: string | null, today: string): boolean | null {
  if (status === "current") return true;
  if (status === "ended") return false;
  // A partial date ends with its last day: a post ending "2026" is not over before the year is.
  const end = endDate?.slice(0, 10);
  if (end && (end.length === 4 ? `${end}-12-31` : end.length === 7 ? `${end}-31` : end) < today) return false;
  return null;
}

export class FtmPepLinks {
  /** Posts by their number (postNumbers): "title\u0001country\u0001level code" (n, s, i or empty). */
  private readonly posts: string[] = [];
  /** A number for each post named, in the order first named (by a Position or an Occupancy): shorter than its key. */
  private readonly postNumbers = new Map<number, number>();
  /** Occupancies by holder: "post number\u0001start\u0001end\u0001status code" entries (c, e or empty). */
  private readonly held = new Map<number, string>();
  /** Family and associate links by either person: "other's key\u0001relationship" entries. */
  private readonly links = new Map<number, string>();
  /** The persons a family or associate link names, and the name of each once its record is seen ("" until then). */
  private readonly names = new Map<number, string>();
  /** PEPs read before any link named them: their names, kept only until the first pass ends. */
  private readonly unnamed = new Map<number, string>();
  private readonly today: string;

  constructor(today = new Date().toISOString().slice(0, 10)) {
    this.today = today;
  }

  /**
   * Pass one: every record of the file. Keeps what PEP details need; true when the record is a side record (a
   * position, occupancy, family or associate link) and not itself an entity to screen.
   */
  collect(record: JsonRecord): boolean {
    const schema = record.schema;
    const id = record.id;
    if (typeof schema !== "string" || typeof id !== "string") return false;
    const p = propertiesOf(record);
    if (schema === "Person") {
      this.notePerson(id, record, p);
      return false;
    }
    if (!SIDE_SCHEMAS.has(schema)) return false;
    if (schema === "Position") {
      const title = first(p.name) ?? (typeof record.caption === "string" ? cleanText(record.caption) : "");
      if (title) {
        const country = first(p.country);
        const code = country ? (countryCode(country) ?? country.toUpperCase()) : "";
        const level = positionLevel(strings(p.topics), !!first(p.subnationalArea));
        this.posts[this.postNumber(id)] = [title, code, level ? level[0] : ""].join(FIELD);
      }
    } else if (schema === "Occupancy") {
      const post = first(p.post);
      if (post) {
        const status = first(p.status)?.toLowerCase();
        const code = status === "current" ? "c" : status === "ended" ? "e" : "";
        const entry = [this.postNumber(post), first(p.startDate) ?? "", first(p.endDate) ?? "", code].join(FIELD);
        for (const holder of strings(p.holder)) append(this.held, idKey(holder), entry);
      }
    } else {
      const [a, b] = schema === "Family" ? [strings(p.person), strings(p.relative)] : [strings(p.person), strings(p.associate)];
      const relationship = (first(p.relationship) ?? (schema === "Family" ? "family" : "associate")).replaceAll(FIELD, " ").replaceAll(ENTRY, " ");
      for (const x of a)
        for (const y of b) {
          const [kx, ky] = [idKey(x), idKey(y)];
          append(this.links, kx, `${ky}${FIELD}${relationship}`);
          append(this.links, ky, `${kx}${FIELD}${relationship}`);
          this.wantName(kx);
          this.wantName(ky);
        }
    }
    return true;
  }

  /**
   * Pass two: the PEP details of one screened entity, from its topics ("role.pep", "role.rca") and what pass one
   * kept. An RCA lists the persons it is linked to (the PEPs) with the relationship as published; a PEP its posts.
   * Undefined when the entity is neither and held no post.
   */
  detailsOf(entityId: string, topics: readonly string[]): PepDetails | undefined {
    const key = idKey(entityId);
    const held = this.held.get(key);
    const rca = topics.includes("role.rca");
    const pep = topics.includes("role.pep");
    if (!rca && !pep && held === undefined) return undefined;
    const positions: PepPosition[] = [];
    for (const entry of held?.split(ENTRY) ?? []) {
      const [postNumber, startDate, endDate, status] = entry.split(FIELD);
      const post = this.posts[Number(postNumber)];
      if (!post) continue;
      const [title, country, level] = post.split(FIELD);
      positions.push({
        title,
        country: country || null,
        level: LEVEL_CODES[level] ?? null,
        startDate: startDate || null,
        endDate: endDate || null,
        current: heldNow(status === "c" ? "current" : status === "e" ? "ended" : null, endDate || null, this.today),
      });
    }
    const relatedPeps: RelatedPep[] = [];
    // A PEP's own relatives are listings of their own: only a relative or associate names whose one they are.
    if (rca && !pep) {
      for (const entry of this.links.get(key)?.split(ENTRY) ?? []) {
        const cut = entry.indexOf(FIELD);
        const name = this.names.get(Number(entry.slice(0, cut)));
        const relationship = entry.slice(cut + 1);
        if (name && !relatedPeps.some((r) => r.name === name && r.relationship === relationship)) relatedPeps.push({ name, relationship });
      }
    }
    return { role: rca && !pep ? "rca" : "pep", positions: positions.sort(byRecency), relatedPeps };
  }

  /** Called once pass one is over: the names no link asked for are let go. */
  endOfFirstPass(): void {
    this.unnamed.clear();
  }

  private notePerson(id: string, record: JsonRecord, p: JsonRecord): void {
    const name = (typeof record.caption === "string" ? cleanText(record.caption) : "") || first(p.name);
    if (!name) return;
    const key = idKey(id);
    if (this.names.has(key)) this.names.set(key, name);
    // A PEP named by a link further down the file: kept until pass one ends (only PEPs are another's related PEP).
    else if (strings(p.topics).includes("role.pep")) this.unnamed.set(key, name);
  }

  private postNumber(id: string): number {
    const key = idKey(id);
    let number = this.postNumbers.get(key);
    if (number === undefined) {
      number = this.postNumbers.size;
      this.postNumbers.set(key, number);
    }
    return number;
  }

  private wantName(key: number): void {
    if (this.names.get(key)) return;
    this.names.set(key, this.unnamed.get(key) ?? "");
    this.unnamed.delete(key);
  }
}

/** Current posts first, then by start date, latest first. */
function byRecency(a: PepPosition, b: PepPosition): number {
  const rank = (p: PepPosition) => (p.current === true ? 0 : p.current === null ? 1 : 2);
  return rank(a) - rank(b) || (b.startDate ?? "").localeCompare(a.startDate ?? "");
}

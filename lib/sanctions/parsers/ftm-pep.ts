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

interface Post {
  title: string;
  country: string | null;
  level: PepPosition["level"];
}

/** An occupancy as kept: the post's id and the dates and status as published. */
type Held = [post: string, startDate: string | null, endDate: string | null, status: string | null];

/** A family or associate link as kept, from the side of one of the two persons. */
type Link = [other: string, relationship: string];

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
  if (endDate && endDate.slice(0, 10) < today) return false;
  return null;
}

export class FtmPepLinks {
  private readonly posts = new Map<string, Post>();
  private readonly held = new Map<string, Held[]>();
  private readonly links = new Map<string, Link[]>();
  /** The persons a family or associate link names, and the name of each once its record is seen. */
  private readonly names = new Map<string, string | null>();
  /** Persons read before any link named them: their names, kept only while they may still be needed. */
  private readonly unnamed = new Map<string, string>();
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
        const topics = strings(p.topics);
        this.posts.set(id, {
          title,
          country: country ? (countryCode(country) ?? country.toUpperCase()) : null,
          level: positionLevel(topics, !!first(p.subnationalArea)),
        });
      }
    } else if (schema === "Occupancy") {
      const post = first(p.post);
      if (post) {
        const entry: Held = [post, first(p.startDate), first(p.endDate), first(p.status)?.toLowerCase() ?? null];
        for (const holder of strings(p.holder)) push(this.held, holder, entry);
      }
    } else {
      const [a, b] = schema === "Family" ? [strings(p.person), strings(p.relative)] : [strings(p.person), strings(p.associate)];
      const relationship = first(p.relationship) ?? (schema === "Family" ? "family" : "associate");
      for (const x of a)
        for (const y of b) {
          push(this.links, x, [y, relationship]);
          push(this.links, y, [x, relationship]);
          this.wantName(x);
          this.wantName(y);
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
    const held = this.held.get(entityId) ?? [];
    const rca = topics.includes("role.rca");
    const pep = topics.includes("role.pep");
    if (!rca && !pep && held.length === 0) return undefined;
    const positions: PepPosition[] = [];
    for (const [postId, startDate, endDate, status] of held) {
      const post = this.posts.get(postId);
      if (!post) continue;
      positions.push({ title: post.title, country: post.country, level: post.level, startDate, endDate, current: heldNow(status, endDate, this.today) });
    }
    const relatedPeps: RelatedPep[] = [];
    // A PEP's own relatives are listings of their own: only a relative or associate names whose one they are.
    if (rca && !pep) {
      for (const [other, relationship] of this.links.get(entityId) ?? []) {
        const name = this.names.get(other);
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
    if (this.names.has(id)) this.names.set(id, name);
    // A PEP named by a link further down the file: kept until pass one ends (only PEPs are another's related PEP).
    else if (strings(p.topics).includes("role.pep")) this.unnamed.set(id, name);
  }

  private wantName(id: string): void {
    if (this.names.get(id)) return;
    const seen = this.unnamed.get(id);
    this.names.set(id, seen ?? null);
    if (seen) this.unnamed.delete(id);
  }
}

/** Current posts first, then by start date, latest first. */
function byRecency(a: PepPosition, b: PepPosition): number {
  const rank = (p: PepPosition) => (p.current === true ? 0 : p.current === null ? 1 : 2);
  return rank(a) - rank(b) || (b.startDate ?? "").localeCompare(a.startDate ?? "");
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

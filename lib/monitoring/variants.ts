/**
 * Spelling variants auto-enrolment made: every manual search adds its subject to its owner's monitoring
 * (auto-add.ts), and before entries were compared by subject, each new spelling of a name was a new entry ("Oleg
 * Deripaska", "Deripaska, Oleg", "Oleg Deripasca"). Those are found and removed in one action.
 *
 * Two entries of one owner are spellings of one subject when they have the same type and the same details (birth
 * date, nationality, identifiers: another birth date is another person) and their names, normalised as a subject's
 * (subject-key.ts) with the words in any order, are the same or differ by one typo (a letter added, dropped, changed,
 * or two swapped) in a name of 8 letters or more. Groups are closed under that relation. In each group the entry
 * kept is the oldest one added by hand, else the oldest auto-added one (the longest history); only auto-added
 * entries are removed: an entry a person added stays whatever its spelling. Each removal is audited as
 * `monitoring.removed` with the entry it was a variant of; past checks stay in the history.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { type Db, type DbOrTx, schema } from "../../data/db.ts";
import { recordAudit } from "../audit/record.ts";
import { requireChangeOf } from "../auth/team-records.ts";
import { normaliseSubjectName, subjectKey } from "../screening/subject-key.ts";
import type { TeamMember } from "../screening/visibility.ts";
import { CHANGE_ENTITY_MESSAGE, type EntityActor } from "./entities.ts";
import type { MonitoringVariants, VariantGroup } from "./schemas.ts";
import { entityDetails } from "./subjects.ts";

const m = schema.monitoredEntities;
/** Shorter names differ by one letter too often to be the same person (Li Wei / Li Wen). */
const TYPO_MIN_LENGTH = 8;

/** At most one edit apart: a letter added, dropped or changed, or two neighbours swapped. */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  const [longer, shorter] = a.length > b.length ? [a, b] : [b, a];
  return longer.slice(i + 1) === shorter.slice(i);
}

/** The name's words normalised and sorted: "Deripaska, Oleg" and "Oleg DERIPASKA" give the same. */
export function spellingKey(term: string): string {
  return normaliseSubjectName(term).split(" ").filter(Boolean).sort().join(" ");
}

export function sameSpelling(a: string, b: string): boolean {
  if (a === b) return true;
  return a.length >= TYPO_MIN_LENGTH && b.length >= TYPO_MIN_LENGTH && oneEditApart(a, b);
}

interface Entry {
  id: string;
  searchTerm: string;
  entityType: "person" | "company";
  source: string;
  createdAt: Date;
  details: unknown;
  userId: string;
  organisationId: string;
}

/** The owner's groups of spellings that hold at least one auto-added entry to remove. */
async function variantGroups(db: DbOrTx, userId: string): Promise<{ kept: Entry; variants: Entry[] }[]> {
  const rows = (await db
    .select({
      id: m.id,
      searchTerm: m.searchTerm,
      entityType: m.entityType,
      source: m.source,
      createdAt: m.createdAt,
      details: m.details,
      userId: m.userId,
      organisationId: m.organisationId,
    })
    .from(m)
    .where(eq(m.userId, userId))
    .orderBy(asc(m.createdAt), asc(m.id))) as Entry[];
  // Only entries of the same type and details can be spellings of one subject: compared within those buckets.
  const buckets = new Map<string, { entry: Entry; spelling: string }[]>();
  for (const entry of rows) {
    const bucket = subjectKey({ term: "", entityType: entry.entityType, details: entityDetails(entry.details) });
    const list = buckets.get(bucket) ?? [];
    list.push({ entry, spelling: spellingKey(entry.searchTerm) });
    buckets.set(bucket, list);
  }
  const groups: { kept: Entry; variants: Entry[] }[] = [];
  for (const list of buckets.values()) {
    const parent = list.map((_, i) => i);
    const root = (i: number): number => {
      while (parent[i] !== i) i = parent[i];
      return i;
    };
    for (let i = 0; i < list.length; i++)
      for (let j = i + 1; j < list.length; j++) if (sameSpelling(list[i].spelling, list[j].spelling)) parent[root(j)] = root(i);
    const byRoot = new Map<number, Entry[]>();
    for (const [i, item] of list.entries()) byRoot.set(root(i), [...(byRoot.get(root(i)) ?? []), item.entry]);
    for (const members of byRoot.values()) {
      if (members.length < 2) continue;
      // Oldest first (the read's order): a hand-added entry is kept before any auto-added one.
      const kept = members.find((e) => e.source !== "search") ?? members[0];
      const variants = members.filter((e) => e !== kept && e.source === "search");
      if (variants.length > 0) groups.push({ kept, variants });
    }
  }
  return groups;
}

const entryView = (e: Entry) => ({ id: e.id, searchTerm: e.searchTerm, createdAt: e.createdAt.toISOString() });

function answer(groups: { kept: Entry; variants: Entry[] }[]): MonitoringVariants {
  const views: VariantGroup[] = groups.map((g) => ({ kept: entryView(g.kept), variants: g.variants.map(entryView) }));
  return { groups: views, count: views.reduce((n, g) => n + g.variants.length, 0) };
}

/** GET /api/monitoring/variants: the member's own spelling variants, grouped with the entry each group keeps. */
export async function listSpellingVariants(db: DbOrTx, member: TeamMember): Promise<MonitoringVariants> {
  return answer(await variantGroups(db, member.id));
}

/**
 * DELETE /api/monitoring/variants: removes every spelling variant of the member's own entries at once, in one
 * transaction, each audited. Answers what was removed (count 0 when there was nothing to remove). An auditor: 403.
 */
export async function removeSpellingVariants(db: Db, member: TeamMember, actor: EntityActor = {}): Promise<MonitoringVariants> {
  return db.transaction(async (tx) => {
    requireChangeOf(member, { userId: member.id, organisationId: member.organisationId }, CHANGE_ENTITY_MESSAGE);
    // The owner's entries are locked while the groups are read, so a concurrent add or removal waits.
    await tx.select({ id: m.id }).from(m).where(eq(m.userId, member.id)).for("update");
    const groups = await variantGroups(tx, member.id);
    for (const group of groups) {
      const ids = group.variants.map((v) => v.id);
      await tx.delete(m).where(and(eq(m.userId, member.id), inArray(m.id, ids)));
      for (const variant of group.variants) {
        await recordAudit(tx, {
          action: "monitoring.removed",
          actorKind: actor.kind ?? "user",
          actorUserId: member.id,
          ipAddress: actor.ipAddress ?? null,
          targetType: "monitored_entity",
          targetId: variant.id,
          details: {
            searchTerm: variant.searchTerm,
            entityType: variant.entityType,
            spellingVariantOf: { id: group.kept.id, searchTerm: group.kept.searchTerm },
          },
        });
      }
    }
    return answer(groups);
  });
}

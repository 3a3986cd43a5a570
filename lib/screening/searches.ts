/**
 * Searches: create (validated, charged and queued in one transaction), read, list and delete, always for one user.
 * The server, the CLI, the public API and batch processing all create searches here.
 */
import { and, eq, ilike, isNull, sql } from "drizzle-orm";
import { type Db, type DbOrTx, schema } from "../../data/db.ts";
import { recordAudit } from "../audit/record.ts";
import { personName } from "../auth/person-name.ts";
import { canScreen, READ_ONLY_MESSAGE } from "../auth/roles.ts";
import { hasUnlimitedCredits } from "../credits/contract.ts";
import { creditReasons } from "../credits/descriptions.ts";
import { changeCredits, chargeSearches, InsufficientCreditsError } from "../credits/ledger.ts";
import { creditSettings } from "../credits/system-settings.ts";
import { AppError } from "../errors.ts";
import { isUuid } from "../ids.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { afterCursor, containsPattern, cursorKey, newestFirst, type Page, type PageRequest, toPage } from "../paging.ts";
import { heldSearch } from "../retention/legal-holds.ts";
import { readSettings } from "../settings/system-settings.ts";
import { customerRefSchema } from "./customer-ref.ts";
import { searchCreated } from "./events.ts";
import { createSearchSchema, type SearchDetails, storedSearchDetails } from "./schemas.ts";
import { queueSearchChunks, SEARCH_CHUNK_QUEUE, SEARCH_QUEUE, type SearchJobData } from "./search-queue.ts";
import { type SearchReader, type SearchScope, searchesOf } from "./visibility.ts";

export type SearchRow = typeof schema.searches.$inferSelect;

/** Creating searches needs only a handle that can open a transaction: the database or a caller's transaction. */
export interface ScreeningContext<D extends DbOrTx = Db> {
  db: D;
  /** From openSearchQueue (the server's: screeningService(database).queue). */
  queue: JobQueue;
}

export interface CreateSearchInput {
  userId: string;
  searchTerm: string;
  entityType: "person" | "company";
  language?: string;
  country?: string;
  numLinks?: number;
  /** Query by example: birth date, nationality, identifiers (validated with searchDetailsSchema). */
  details?: SearchDetails;
  /** A monitoring re-check: charged the automated search cost. */
  isAutomated?: boolean;
  batchJobId?: string;
  /** The subject's key in the customer's own systems (lib/screening/customer-ref.ts), kept beside the search. */
  customerRef?: string | null;
}

export const insufficientCreditsMessage = (cost: number) =>
  `You need at least ${cost} credits to perform a search. Please contact support to add more credits.`;

const SEARCH_NOT_FOUND = "Search not found";
export const SEARCH_UNDER_LEGAL_HOLD = "This search is under legal hold: it stays in your history until the hold is lifted";

/**
 * Creates a search and queues its job. In one transaction: the search row, the charge (manual or automated search
 * cost of the system settings, through the credit ledger; admins are not charged), the job and an audit record.
 * So a search exists exactly when it was charged and queued. Too few credits: 402.
 */
export async function createSearch(ctx: ScreeningContext<DbOrTx>, input: CreateSearchInput): Promise<SearchRow> {
  const fields = searchFields(input);
  const isAutomated = input.isAutomated ?? false;

  const search = await ctx.db.transaction(async (tx) => {
    const { cost, charge, credits, organisationId } = await searchCharge(tx, input.userId, isAutomated);
    if (charge && credits < cost) throw new AppError(402, insufficientCreditsMessage(cost));

    const [row] = await tx
      .insert(schema.searches)
      .values({
        userId: input.userId,
        organisationId,
        searchTerm: fields.searchTerm,
        entityName: fields.searchTerm,
        entityType: fields.entityType,
        language: fields.language,
        country: fields.country ?? null,
        details: storedSearchDetails(fields.details),
        numLinks: fields.numLinks,
        isAutomated,
        creditsUsed: charge ? cost : 0,
        batchJobId: input.batchJobId ?? null,
        customerRef: fields.customerRef,
      })
      .returning();
    if (charge) {
      try {
        await changeCredits(tx, {
          userId: input.userId,
          type: isAutomated ? "automatic_search" : "manual_search",
          amount: -cost,
          searchId: row.id,
          reason: creditReasons.search(fields.searchTerm),
        });
      } catch (error) {
        // Another search spent the credits since the balance was read.
        if (error instanceof InsufficientCreditsError) throw new AppError(402, insufficientCreditsMessage(cost));
        throw error;
      }
    }
    // Announced inside the transaction: what reacts (monitoring's auto-add) writes with it, or undoes the search.
    await searchCreated.publish({ tx, search: row });
    const queued = await ctx.queue.send<SearchJobData>(SEARCH_QUEUE, { searchId: row.id }, { id: row.id, tx });
    if (!queued) throw new Error(`The search could not be queued (is the ${SEARCH_QUEUE} queue defined?)`);
    await recordAudit(tx, {
      action: "search.created",
      actorKind: isAutomated ? "system" : "user",
      actorUserId: input.userId,
      targetType: "search",
      targetId: row.id,
      details: {
        searchTerm: row.searchTerm,
        entityType: row.entityType,
        language: row.language,
        country: row.country,
        ...(row.details ? { details: row.details } : {}),
        numLinks: row.numLinks,
        creditsUsed: row.creditsUsed,
        isAutomated,
        ...(row.batchJobId ? { batchJobId: row.batchJobId } : {}),
      },
    });
    return row;
  });
  ctx.queue.wake(SEARCH_QUEUE);
  return search;
}

export interface CreateSearchesInput {
  userId: string;
  /** Each row as createSearch takes it; validated the same way. */
  entities: Omit<CreateSearchInput, "userId" | "isAutomated" | "batchJobId">[];
  batchJobId?: string;
}

/** Searches per multi-row insert: well under PostgreSQL's 65,535 bound parameters. */
const SEARCHES_PER_INSERT = 1000;

/**
 * createSearch for many rows at once (a batch): the same searches and charges, written with multi-row inserts in
 * one transaction (the caller's, when ctx.db is one), and queued in chunk jobs (search-chunk.ts). Each row is its own
 * search with its own ledger entry and its own result. All or nothing: an invalid row (400 naming it), too few credits for every row (402)
 * or any failure writes nothing. Unlike createSearch, it records no audit entry per row: the caller records one for
 * the whole set. Returns the searches' ids in the rows' order.
 */
export async function createSearches(ctx: ScreeningContext<DbOrTx>, input: CreateSearchesInput): Promise<string[]> {
  const rows = input.entities.map((entity, i) => searchFields(entity, `Row ${i + 1}: `));
  const ids = await ctx.db.transaction(async (tx) => {
    const { cost, charge, organisationId } = await searchCharge(tx, input.userId, false);

    const created: { id: string; searchTerm: string }[] = [];
    for (let i = 0; i < rows.length; i += SEARCHES_PER_INSERT) {
      const values = rows.slice(i, i + SEARCHES_PER_INSERT).map((fields, j) => ({
        userId: input.userId,
        organisationId,
        searchTerm: fields.searchTerm,
        entityName: fields.searchTerm,
        entityType: fields.entityType,
        language: fields.language,
        country: fields.country ?? null,
        details: storedSearchDetails(fields.details),
        numLinks: fields.numLinks,
        isAutomated: false,
        creditsUsed: charge ? cost : 0,
        batchJobId: input.batchJobId ?? null,
        customerRef: fields.customerRef,
        // A microsecond apart, in the rows' order: a batch's results list them in the order of its file.
        createdAt: sql`now() + ${i + j} * interval '1 microsecond'`,
      }));
      created.push(...(await tx.insert(schema.searches).values(values).returning({ id: schema.searches.id, searchTerm: schema.searches.searchTerm })));
    }
    if (charge) {
      try {
        await chargeSearches(tx, {
          userId: input.userId,
          type: "manual_search",
          cost,
          searches: created.map((c) => ({ searchId: c.id, searchTerm: c.searchTerm })),
        });
      } catch (error) {
        if (error instanceof InsufficientCreditsError) {
          throw new AppError(
            402,
            `Insufficient credits: ${error.required} credits are required for ${created.length} searches, ${error.balance} are available`,
          );
        }
        throw error;
      }
    }
    await queueSearchChunks(
      ctx.queue,
      tx,
      input.userId,
      created.map((c) => c.id),
    );
    return created.map((c) => c.id);
  });
  ctx.queue.wake(SEARCH_CHUNK_QUEUE);
  return ids;
}

/**
 * A search's fields validated as POST /api/searches validates them (400 with the message, after the prefix), with
 * the customer reference under its own rule.
 */
function searchFields(input: Omit<CreateSearchInput, "userId">, errorPrefix = "") {
  const parsed = createSearchSchema.safeParse({
    searchTerm: input.searchTerm,
    entityType: input.entityType,
    language: input.language,
    country: input.country,
    numLinks: input.numLinks,
    details: input.details,
  });
  if (!parsed.success) throw new AppError(400, `${errorPrefix}${parsed.error.issues[0].message}`);
  const customerRef = customerRefSchema.safeParse(input.customerRef ?? undefined);
  if (!customerRef.success) throw new AppError(400, `${errorPrefix}${customerRef.error.issues[0].message}`);
  return { ...parsed.data, customerRef: customerRef.data ?? null };
}

/**
 * What each search of this user costs and their organisation's balance (which every member spends from), read in the
 * creating transaction; admins and a cost of 0 are not charged.
 */
async function searchCharge(tx: DbOrTx, userId: string, isAutomated: boolean) {
  const [user] = await tx
    .select({
      role: schema.users.role,
      organisationRole: schema.users.organisationRole,
      organisationId: schema.users.organisationId,
      credits: schema.organisations.credits,
      isActive: schema.users.isActive,
    })
    .from(schema.users)
    .innerJoin(schema.organisations, eq(schema.organisations.id, schema.users.organisationId))
    .where(eq(schema.users.id, userId));
  if (!user) throw new AppError(404, "User not found");
  if (!user.isActive) throw new AppError(403, "This account is deactivated");
  // An auditor screens nothing and so spends nothing: refused, whether the search came by HTTP, the CLI or a batch.
  if (!canScreen(user)) throw new AppError(403, READ_ONLY_MESSAGE);
  const settings = await readSettings(tx, creditSettings);
  const cost = isAutomated ? settings.automatedSearchCost : settings.manualSearchCost;
  return { cost, charge: !hasUnlimitedCredits(user) && cost > 0, credits: user.credits, organisationId: user.organisationId };
}

/**
 * A search the member may read (their own, or a colleague's: lib/screening/visibility.ts); another organisation's,
 * one its owner deleted (hidden), an unknown or a malformed id are all 404 'Search not found'.
 */
export async function getSearch(db: Db, reader: SearchReader, id: string): Promise<SearchRow> {
  if (!isUuid(id)) throw new AppError(404, SEARCH_NOT_FOUND);
  const [row] = await db
    .select()
    .from(schema.searches)
    .where(and(eq(schema.searches.id, id), searchesOf(reader, "team"), isNull(schema.searches.hiddenAt)));
  if (!row) throw new AppError(404, SEARCH_NOT_FOUND);
  return row;
}

export interface SearchListItem {
  id: string;
  searchTerm: string;
  entityType: "person" | "company";
  status: SearchRow["status"];
  createdAt: Date;
  riskLevel: string | null;
  reviewStatus: string;
  /** The member who searched: their id, and their full name (else email). */
  userId: string;
  searchedBy: string | null;
}

export interface SearchListRequest extends PageRequest {
  /** Only searches whose term contains this, ignoring case. */
  q?: string;
  /** The member's own searches (the default), or every one of the team they may read. */
  scope?: SearchScope;
}

/**
 * A page of the member's searches, or of their team's (lib/screening/visibility.ts), newest first, without those
 * their owners deleted, optionally only those whose term contains q.
 */
export async function listSearches(db: Db, reader: SearchReader, request: SearchListRequest): Promise<Page<SearchListItem>> {
  const s = schema.searches;
  const keyset = { createdAt: s.createdAt, id: s.id };
  const scope = request.scope ?? "mine";
  const where = and(searchesOf(reader, scope), isNull(s.hiddenAt), request.q ? ilike(s.searchTerm, containsPattern(request.q)) : undefined);
  const [rows, total] = await Promise.all([
    db
      .select({
        id: s.id,
        searchTerm: s.searchTerm,
        entityType: s.entityType,
        status: s.status,
        createdAt: s.createdAt,
        riskLevel: s.riskLevel,
        reviewStatus: s.reviewStatus,
        userId: s.userId,
        searchedBy: personName(s.userId),
        cursorKey: cursorKey(keyset),
      })
      .from(s)
      .where(and(where, afterCursor(keyset, request.cursor)))
      .orderBy(...newestFirst(keyset))
      .limit(request.limit + 1),
    request.q || scope === "team" ? db.$count(s, where) : countSearches(db, reader.id),
  ]);
  return toPage(rows, request.limit, total, (row) => row);
}

/** All the user's visible searches, from the count the database keeps (data/schema/searches.ts, searchCounts). */
async function countSearches(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ count: schema.searchCounts.count }).from(schema.searchCounts).where(eq(schema.searchCounts.userId, userId));
  return row?.count ?? 0;
}

/**
 * The owner's delete: hides the search from the owner's history, lists and reads (404 from then on). The record,
 * its results, decisions, notes and ledger entry are kept, for admins (marked hidden), batch counts and exports,
 * until the retention purge removes it. Deleting it again, another user's, an unknown or a malformed id: 404. A search
 * under legal hold (on it or on its owner): 409, naming the hold.
 */
export async function deleteSearch(
  db: Db,
  userId: string,
  id: string,
  options: { actorKind?: "user" | "api_key" | "cli"; ipAddress?: string | null } = {},
): Promise<void> {
  if (!isUuid(id)) throw new AppError(404, SEARCH_NOT_FOUND);
  const s = schema.searches;
  await db.transaction(async (tx) => {
    // A held search stays in its owner's history: the hold is there so that nobody, the owner included, loses sight
    // of the record (lib/retention/legal-holds.ts). Refused with 409, and nothing changes.
    const [held] = await tx
      .select({ id: s.id })
      .from(s)
      .where(and(eq(s.id, id), eq(s.userId, userId), isNull(s.hiddenAt), heldSearch()));
    if (held) throw new AppError(409, SEARCH_UNDER_LEGAL_HOLD);
    const [row] = await tx
      .update(s)
      .set({ hiddenAt: sql`now()`, hiddenBy: userId })
      .where(and(eq(s.id, id), eq(s.userId, userId), isNull(s.hiddenAt)))
      .returning({ id: s.id, searchTerm: s.searchTerm, status: s.status });
    if (!row) throw new AppError(404, SEARCH_NOT_FOUND);
    await recordAudit(tx, {
      action: "search.deleted",
      actorKind: options.actorKind ?? "user",
      actorUserId: userId,
      ipAddress: options.ipAddress ?? null,
      targetType: "search",
      targetId: id,
      // Deleted by its owner, and kept: hidden, not removed.
      details: { searchTerm: row.searchTerm, status: row.status, hidden: true },
    });
  });
}

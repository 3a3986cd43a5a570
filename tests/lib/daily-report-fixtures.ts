/**
 * A day of screening activity stored as the pipeline and the ledger store it, for the daily report tests: the day
 * is 2026-03-10 in Europe/Berlin (UTC+1), with searches just inside and just outside its edges.
 */
import { type Db, schema } from "../../data/db.ts";

export const DAY = "2026-03-10";
export const ZONE = "Europe/Berlin";

const sanctionsHit = {
  sanctionsList: [
    { source: "OFAC SDN List", match: true, details: "Listed" },
    { source: "UN", match: false, details: "" },
  ],
  adverseMedia: [],
};
const negativeNews = {
  sanctionsList: [{ source: "OFAC SDN List", match: false, details: "" }],
  adverseMedia: [
    { title: "Fraud probe", summary: "", source: "Paper", date: null, url: "https://news.test/1", category: "Fraud", isNegative: true },
    { title: "Charity gala", summary: "", source: "Paper", date: null, url: "https://news.test/2", category: "Other", isNegative: false },
  ],
};
const clean = {
  sanctionsList: [{ source: "OFAC SDN List", match: false, details: "" }],
  adverseMedia: [{ title: "Annual results", summary: "", source: "Paper", date: null, url: "https://news.test/3", category: "Other", isNegative: false }],
};

export interface SeededDay {
  /** In the day: the searches of each user, by term. */
  alice: string;
  bob: string;
}

/** Stores the day's searches of alice and bob, and their ledger rows. */
export async function seedDay(db: Db, users: { alice: string; bob: string }): Promise<void> {
  const { alice, bob } = users;
  const search = (userId: string, searchTerm: string, createdAt: string, extra: Partial<typeof schema.searches.$inferInsert>) => ({
    userId,
    searchTerm,
    entityType: "person" as const,
    status: "completed" as const,
    createdAt: new Date(createdAt),
    updatedAt: new Date(createdAt),
    ...extra,
  });
  const rows = await db
    .insert(schema.searches)
    .values([
      // 00:30 in Berlin: the first minutes of the day
      search(alice, "Early Bird", "2026-03-09T23:30:00Z", { riskLevel: "low", results: clean, aiSummary: "Nothing found." }),
      search(alice, "Viktor Petrov", "2026-03-10T07:30:00Z", { riskLevel: "critical", results: sanctionsHit, aiSummary: "Listed on the OFAC SDN List." }),
      search(alice, "viktor PETROV", "2026-03-10T08:15:00Z", { riskLevel: "high", results: negativeNews, isAutomated: true }),
      search(bob, "Acme Ltd", "2026-03-10T08:45:00Z", { entityType: "company", riskLevel: "low", results: clean }),
      // 23:30 in Berlin: still the day
      search(bob, "Broken Co", "2026-03-10T22:30:00Z", { entityType: "company", status: "failed", error: "timed out" }),
      // 00:30 on the next day in Berlin, and 23:00 of the day before
      search(bob, "Next Day", "2026-03-10T23:30:00Z", { riskLevel: "medium", results: clean }),
      search(bob, "Day Before", "2026-03-09T22:00:00Z", { riskLevel: "critical", results: sanctionsHit }),
    ])
    .returning({ id: schema.searches.id, userId: schema.searches.userId, createdAt: schema.searches.createdAt, isAutomated: schema.searches.isAutomated });
  await db.insert(schema.creditTransactions).values([
    ...rows.map((r) => ({
      userId: r.userId,
      searchId: r.id,
      type: r.isAutomated ? ("automatic_search" as const) : ("manual_search" as const),
      amount: r.isAutomated ? -2 : -1,
      balance: 10,
      createdAt: r.createdAt,
    })),
    // not a search: never counted
    { userId: bob, type: "credit_purchase" as const, amount: 100, balance: 110, createdAt: new Date("2026-03-10T12:00:00Z") },
  ]);
}

import { afterAll, beforeAll, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { createBatchJob } from "../../lib/batch/batch-jobs.ts";
import type { JobQueue } from "../../lib/jobs/queue.ts";
import { createSearch } from "../../lib/screening/searches.ts";
import { updateSystemSettings } from "../../lib/settings/system-settings.ts";
import { emitBatchIfEnded, emitSearchesEnded } from "../../lib/webhooks/search-events.ts";
import { createWebhook } from "../../lib/webhooks/webhooks.ts";
import { startWebhookDeliveries } from "../../lib/webhooks/worker.ts";
import {
  FakeNews,
  importSdn,
  keepOnlyDatasets,
  openScreeningDb,
  pipelineDeps,
  type ScreeningDb,
  startSearchWorker,
  waitForSearch,
} from "../fixtures/screening.ts";
import { createUser } from "../helpers/app.ts";
import { TEST_INSTANCE_KEY } from "../helpers/instance-key.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver.ts";

/**
 * The search workers emit search.completed for a search made by itself, and for a batch only batch.completed, once,
 * when its last row has ended; the receiver gets them.
 */
let s: ScreeningDb;
let worker: JobQueue;
let receiver: WebhookReceiver;
let userId: string;

beforeAll(async () => {
  s = await openScreeningDb({ concurrency: 0 });
  await keepOnlyDatasets(s.db, ["us_ofac_sdn"]);
  await importSdn(s.db);
  await startWebhookDeliveries(s.db, s.queue, { instanceKey: TEST_INSTANCE_KEY });
  await updateSystemSettings(s.db, { webhooksAllowPrivateNetworks: true });
  receiver = startWebhookReceiver();
  userId = (await createUser(s.db, { email: "events@example.com", password: "password-1", credits: 1000 })).id;
  await createWebhook(s.db, userId, { url: receiver.url, events: ["search.completed", "batch.completed"] }, TEST_INSTANCE_KEY);
  // One "process" runs the searches and the deliveries.
  worker = await startSearchWorker(s, pipelineDeps(s.db, [new FakeNews()]));
  await startWebhookDeliveries(s.db, worker, { sweepSeconds: 0, instanceKey: TEST_INSTANCE_KEY });
});
afterAll(async () => {
  receiver.stop();
  await worker.stop();
  await s.close();
});

const deliveriesOf = (event: string) => s.db.select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.event, event));

async function waitForDeliveries(event: string, count: number) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const rows = await deliveriesOf(event);
    if (rows.length >= count && rows.every((r) => r.status === "delivered")) return rows;
    if (Date.now() > deadline) throw new Error(`${event}: ${JSON.stringify(rows)}`);
    await Bun.sleep(50);
  }
}

test("a search made by itself sends search.completed with its outcome", async () => {
  const { id } = await createSearch({ db: s.db, queue: s.queue }, { userId, searchTerm: "Jane Webhook", entityType: "person" });
  const search = await waitForSearch(s.db, id);
  const [delivery] = await waitForDeliveries("search.completed", 1);
  expect(delivery.payload).toEqual({
    search: {
      id,
      searchTerm: "Jane Webhook",
      entityType: "person",
      status: "completed",
      riskLevel: search.riskLevel,
      completedAt: search.updatedAt.toISOString(),
      isAutomated: false,
      batchJobId: null,
    },
    // without DUECHECK_PUBLIC_URL the link is the app's path alone
    url: `/searches/${id}`,
  });
  const request = receiver.received.find((r) => r.headers["duecheck-delivery"] === delivery.id);
  expect(JSON.parse(request!.body).data.search.id).toBe(id);
});

test("a batch sends batch.completed once, with its counts, and no search.completed for its rows", async () => {
  const terms = ["Row One", "Row Two", "Row Three"];
  const { batch } = await createBatchJob(
    { db: s.db, queue: s.queue },
    { userId, name: "Hooked", entities: terms.map((searchTerm) => ({ searchTerm, entityType: "person" as const, language: "en" as const, numLinks: 10 })) },
  );
  const [delivery] = await waitForDeliveries("batch.completed", 1);
  const payload = delivery.payload as {
    batch: { id: string; status: string; processedEntities: number; totalEntities: number };
    riskCounts: Record<string, number>;
  };
  expect(payload.batch).toMatchObject({ id: batch.id, name: "Hooked", status: "completed", totalEntities: 3, processedEntities: 3, failedEntities: 0 });
  expect(Object.values(payload.riskCounts).reduce((a, b) => a + b, 0)).toBe(3);

  // Emitting again (a retried job, another process, both at once) sends nothing more.
  const rowIds = (await s.db.select({ id: schema.searches.id }).from(schema.searches).where(eq(schema.searches.batchJobId, batch.id))).map((r) => r.id);
  const again = await Promise.all([emitBatchIfEnded(s.db, s.queue, userId, batch.id), emitBatchIfEnded(s.db, s.queue, userId, batch.id)]);
  expect(again).toEqual([false, false]);
  await emitSearchesEnded(s.db, s.queue, rowIds);
  expect((await deliveriesOf("batch.completed")).length).toBe(1);
  // The only search.completed is the one of the first test: none for the batch's rows.
  expect((await deliveriesOf("search.completed")).map((d) => (d.payload as { search: { batchJobId: string | null } }).search.batchJobId)).toEqual([null]);
});

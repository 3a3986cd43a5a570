/**
 * The notification mails, with SMTP (lib/mail/mailer.ts): an assignment's mail and the morning digest. The rows that
 * call for them (notifications of kind case_assigned, notification_digests) are written in the transaction of the
 * change or of the morning run; every server process that mails sweeps now and then for the rows not mailed yet and
 * queues a job for each (lib/jobs), so a mail is sent after its transaction committed, never inside it, and none is
 * lost: a row written by a process that does not mail (the CLI), or whose job's process died, is found by the next
 * sweep. A job's id comes from its row and the hour of the row's age, so simultaneous sweeps queue a mail once, and a
 * mail whose every attempt failed (the SMTP server down) is tried again the next hour. A job sends, then marks the row
 * mailed: a crash in between sends a mail twice rather than never. Only rows of the last MAIL_WINDOW_HOURS are swept:
 * an instance that starts mailing does not send the notifications of the months it had no SMTP.
 */
import { createHash } from "node:crypto";
import { and, asc, eq, gt, inArray, isNull, ne } from "drizzle-orm";
import { type Db, schema } from "../../data/db.ts";
import { appLink, casePath } from "../app-links.ts";
import type { CasePriority } from "../cases/contract.ts";
import type { Clock } from "../clock.ts";
import { type PeriodicTask, startPeriodicTask } from "../jobs/periodic-task.ts";
import type { JobQueue } from "../jobs/queue.ts";
import type { Mailer } from "../mail/mailer.ts";
import { assignedMail, digestMail } from "./mail-words.ts";

export const NOTIFICATION_MAIL_QUEUE = "notification-mail";

export const MAIL_WINDOW_HOURS = 24;
const SWEEP_LIMIT = 500;

export type NotificationMailJob = { notificationId: string } | { digest: { userId: string; day: string } };

export interface MailOptions {
  mailer: Mailer;
  /** The app's public address: every mailed link starts with it. */
  publicUrl: string;
  /** The zone the mails write dates in. */
  timeZone: string;
  clock: Clock;
}

/**
 * A UUID made from the row's key and the hour of its age: a mail is queued once an hour however many processes sweep
 * (a job's attempts end within a minute, so two jobs of one row never overlap).
 */
function mailJobId(key: string, createdAt: Date, now: Date): string {
  const hour = Math.max(0, Math.floor((now.getTime() - createdAt.getTime()) / 3600_000));
  const hex = createHash("sha256").update(`notification-mail:${key}:${hour}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Queues a job for every row of the window not mailed yet (those already queued are left as they are). */
export async function queueUnmailed(db: Db, queue: JobQueue, now: Date): Promise<number> {
  const since = new Date(now.getTime() - MAIL_WINDOW_HOURS * 3600_000);
  const n = schema.notifications;
  const d = schema.notificationDigests;
  const assigned = await db
    .select({ id: n.id, createdAt: n.createdAt })
    .from(n)
    .where(and(eq(n.kind, "case_assigned"), isNull(n.mailedAt), gt(n.createdAt, since)))
    .limit(SWEEP_LIMIT);
  const digests = await db
    .select({ userId: d.userId, day: d.day, createdAt: d.createdAt })
    .from(d)
    .where(and(isNull(d.mailedAt), gt(d.createdAt, since)))
    .limit(SWEEP_LIMIT);
  const jobs: { id: string; data: NotificationMailJob }[] = [
    ...assigned.map((row) => ({ id: mailJobId(row.id, row.createdAt, now), data: { notificationId: row.id } })),
    ...digests.map((row) => ({
      id: mailJobId(`${row.userId}:${row.day}`, row.createdAt, now),
      data: { digest: { userId: row.userId, day: row.day } },
    })),
  ];
  if (jobs.length === 0) return 0;
  await queue.sendMany<NotificationMailJob>(NOTIFICATION_MAIL_QUEUE, jobs);
  queue.wake(NOTIFICATION_MAIL_QUEUE);
  return jobs.length;
}

/** Sends the job's mail unless its row was mailed already; an SMTP failure throws, and the queue tries again. */
export async function sendNotificationMail(db: Db, options: MailOptions, job: NotificationMailJob): Promise<void> {
  if ("notificationId" in job) await sendAssigned(db, options, job.notificationId);
  else await sendDigest(db, options, job.digest.userId, job.digest.day);
}

interface Recipient {
  email: string;
  language: string;
  active: boolean;
}

async function recipientOf(db: Db, userId: string): Promise<Recipient | null> {
  const u = schema.users;
  const [row] = await db
    .select({ email: u.email, language: u.profileLanguage, active: u.isActive, removed: u.removedFromOrganisationAt })
    .from(u)
    .where(eq(u.id, userId));
  return row ? { email: row.email, language: row.language, active: row.active && !row.removed } : null;
}

async function sendAssigned(db: Db, options: MailOptions, notificationId: string) {
  const n = schema.notifications;
  const k = schema.cases;
  const actor = schema.users;
  const [row] = await db
    .select({
      userId: n.userId,
      mailedAt: n.mailedAt,
      caseId: k.id,
      title: k.title,
      priority: k.priority,
      dueAt: k.dueAt,
      actorName: actor.fullName,
    })
    .from(n)
    .innerJoin(k, eq(k.id, n.caseId))
    .leftJoin(actor, eq(actor.id, n.actorUserId))
    .where(eq(n.id, notificationId));
  if (!row || row.mailedAt) return;
  const to = await recipientOf(db, row.userId);
  if (to?.active) {
    const mail = assignedMail(
      to.language,
      options.timeZone,
      { title: row.title, priority: row.priority as CasePriority, dueAt: row.dueAt, link: appLink(options.publicUrl, casePath(row.caseId)) },
      row.actorName,
    );
    await options.mailer.send({ to: to.email, ...mail });
  }
  await db.update(n).set({ mailedAt: options.clock.now() }).where(eq(n.id, notificationId));
}

async function sendDigest(db: Db, options: MailOptions, userId: string, day: string) {
  const d = schema.notificationDigests;
  const k = schema.cases;
  const [digest] = await db
    .select({ caseIds: d.caseIds, mailedAt: d.mailedAt })
    .from(d)
    .where(and(eq(d.userId, userId), eq(d.day, day)));
  if (!digest || digest.mailedAt) return;
  // The cases of the morning not closed since: one closed meanwhile needs nothing more from its assignee.
  const cases =
    digest.caseIds.length === 0
      ? []
      : await db
          .select({ id: k.id, title: k.title, priority: k.priority, dueAt: k.dueAt })
          .from(k)
          .where(and(inArray(k.id, digest.caseIds), ne(k.status, "closed")))
          .orderBy(asc(k.dueAt), asc(k.id));
  const to = await recipientOf(db, userId);
  if (to?.active && cases.length > 0) {
    const mail = digestMail(
      to.language,
      options.timeZone,
      cases.map((c) => ({ title: c.title, priority: c.priority as CasePriority, dueAt: c.dueAt, link: appLink(options.publicUrl, casePath(c.id)) })),
      appLink(options.publicUrl, "/cases?view=overdue"),
    );
    await options.mailer.send({ to: to.email, ...mail });
  }
  await db
    .update(d)
    .set({ mailedAt: options.clock.now() })
    .where(and(eq(d.userId, userId), eq(d.day, day)));
}

export interface NotificationMail {
  /** One sweep now (or the running one's end): the jobs it queued. */
  sweep(): Promise<number | null>;
  stop(): Promise<void>;
}

/**
 * Defines the queue, works it in this process (unless the process runs no jobs) and sweeps every `sweepSeconds`
 * (0: only when swept by hand).
 */
export async function startNotificationMail(db: Db, queue: JobQueue, options: MailOptions & { sweepSeconds: number }): Promise<NotificationMail> {
  await queue.define(NOTIFICATION_MAIL_QUEUE);
  if (queue.settings.concurrency > 0 && !queue.isStopped) {
    queue.work<NotificationMailJob>(NOTIFICATION_MAIL_QUEUE, (job) => sendNotificationMail(db, options, job.data));
  }
  const task: PeriodicTask<number> = startPeriodicTask({
    name: "notification mail sweep",
    seconds: options.sweepSeconds,
    run: () => queueUnmailed(db, queue, options.clock.now()),
  });
  return { sweep: task.tick, stop: task.stop };
}

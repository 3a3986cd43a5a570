import type { Database } from "../../data/db.ts";
import { systemClock } from "../../lib/clock.ts";
import type { AppConfig } from "../../lib/config.ts";
import type { JobQueue } from "../../lib/jobs/queue.ts";
import { mailerFor } from "../../lib/mail/mailer.ts";
import { type DigestScheduler, startDigestScheduler } from "../../lib/notifications/digest-scheduler.ts";
import { type NotificationMail, startNotificationMail } from "../../lib/notifications/mail.ts";
import { type DigestSettings, digestSettings } from "../../lib/notifications/settings.ts";

/** How often a mailing server process looks for notifications not mailed yet. */
const MAIL_SWEEP_SECONDS = 2;

export interface NotificationService {
  digest: DigestScheduler;
  /** Null without SMTP: the notifications stay in the app (the bell). */
  mail: NotificationMail | null;
  stop(): Promise<void>;
}

/** Read (and checked) before the server opens its database, so a bad value stops the start before any work. */
export const notificationSettings = (): DigestSettings => digestSettings();

/**
 * The morning digest's scheduler in a server process (DUECHECK_DIGEST_CHECK_SECONDS=0 turns it off here), and, when
 * the instance mails (lib/mail/mailer.ts), the notification mails on the job queue.
 */
export async function startNotificationService(database: Database, queue: JobQueue, config: AppConfig, settings: DigestSettings): Promise<NotificationService> {
  const mailer = mailerFor(config);
  const mail =
    mailer && config.publicUrl
      ? await startNotificationMail(database.db, queue, {
          mailer,
          publicUrl: config.publicUrl,
          timeZone: settings.timeZone,
          clock: systemClock,
          sweepSeconds: MAIL_SWEEP_SECONDS,
        })
      : null;
  const digest = startDigestScheduler({ db: database.db, clock: systemClock, settings }, { checkSeconds: settings.checkSeconds });
  return {
    digest,
    mail,
    async stop() {
      await digest.stop();
      await mail?.stop();
    },
  };
}

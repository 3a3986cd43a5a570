import nodemailer from "nodemailer";
import type { AppConfig } from "../config.ts";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

const transports = new Map<string, Mailer>();

type MailConfig = Pick<AppConfig, "smtpUrl" | "mailFrom" | "publicUrl">;

/**
 * The instance's outgoing mail, or null when DUECHECK_SMTP_URL, DUECHECK_MAIL_FROM and DUECHECK_PUBLIC_URL are not
 * all set: then no feature mails, and an admin hands out the links instead. Without the public address there is no
 * mail, since a mailed link must never take its host from a request (loadConfig refuses that configuration too).
 * One pooled transport per SMTP URL and sender.
 */
export function mailerFor(config: MailConfig): Mailer | null {
  const { smtpUrl, mailFrom, publicUrl } = config;
  if (!smtpUrl || !mailFrom || !publicUrl) return null;
  const key = `${smtpUrl} ${mailFrom}`;
  let mailer = transports.get(key);
  if (!mailer) {
    const transport = nodemailer.createTransport(smtpUrl);
    const from = mailFrom;
    mailer = {
      async send(mail) {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
      },
    };
    transports.set(key, mailer);
  }
  return mailer;
}

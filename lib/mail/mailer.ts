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

/**
 * The instance's outgoing mail, or null when DUECHECK_SMTP_URL and DUECHECK_MAIL_FROM are not both set: then no
 * feature mails, and an admin hands out the links instead. One pooled transport per SMTP URL and sender.
 */
export function mailerFor(config: Pick<AppConfig, "smtpUrl" | "mailFrom">): Mailer | null {
  if (!config.smtpUrl || !config.mailFrom) return null;
  const key = `${config.smtpUrl} ${config.mailFrom}`;
  let mailer = transports.get(key);
  if (!mailer) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    const from = config.mailFrom;
    mailer = {
      async send(mail) {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
      },
    };
    transports.set(key, mailer);
  }
  return mailer;
}

export const mailConfigured = (config: Pick<AppConfig, "smtpUrl" | "mailFrom">) => Boolean(config.smtpUrl && config.mailFrom);

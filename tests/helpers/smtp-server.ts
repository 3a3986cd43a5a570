import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { ownPublicUrlEnv } from "./own-address.ts";

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message (headers and body) as the server received it. */
  raw: string;
  subject: string;
  /** The decoded text body. */
  text: string;
}

/** Decodes a quoted-printable body (nodemailer's encoding for text with long lines or non-ASCII). */
function decodeQuotedPrintable(body: string) {
  const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

function parse(raw: string): { subject: string; text: string } {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join("\n\n");
  const headers = head.replace(/\r?\n[ \t]+/g, " ");
  // Whitespace between two encoded words (a long subject folded over lines) is not part of the text (RFC 2047).
  const subjectLine = (/^subject: (.*)$/im.exec(headers)?.[1] ?? "").replace(/\?=\s+=\?/g, "?==?");
  const subject = subjectLine.replace(/=\?utf-8\?([QB])\?(.*?)\?=/gi, (_, enc: string, data: string) =>
    enc.toUpperCase() === "B" ? Buffer.from(data, "base64").toString("utf8") : decodeQuotedPrintable(data.replace(/_/g, " ")),
  );
  const encoding = /^content-transfer-encoding: (.*)$/im.exec(headers)?.[1]?.trim().toLowerCase();
  const text = encoding === "quoted-printable" ? decodeQuotedPrintable(body) : encoding === "base64" ? Buffer.from(body, "base64").toString("utf8") : body;
  return { subject: subject.trim(), text };
}

/**
 * A real SMTP server on 127.0.0.1 (the smtp-server package) that keeps what it receives, standing in for a mail
 * provider. DUECHECK_SMTP_URL is `smtpUrl`.
 */
export async function startSmtpServer() {
  const mails: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          ...parse(raw),
        });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;

  /** The first mail to `to` not yet taken, waiting up to the timeout for it to arrive. */
  async function nextMailTo(to: string, timeoutMs = 10_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = mails.findIndex((m) => m.to.includes(to.toLowerCase()));
      if (index >= 0) return mails.splice(index, 1)[0];
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, Math.min(left, 200));
      });
    }
  }

  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    mails,
    nextMailTo,
    /** The mails to `to` received so far (not taken). */
    mailsTo: (to: string) => mails.filter((m) => m.to.includes(to.toLowerCase())),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;

/** The settings of an app that mails through `smtp`, with its own loopback address as the public URL mail needs. */
export function mailingAppEnv(smtp: TestSmtpServer): Record<string, string> {
  return { ...ownPublicUrlEnv(), DUECHECK_SMTP_URL: smtp.smtpUrl, DUECHECK_MAIL_FROM: "duecheck <no-reply@duecheck.test>" };
}

/** The first http(s) link of a mail's text. */
export function linkIn(mail: ReceivedMail): string {
  const match = /https?:\/\/\S+/.exec(mail.text);
  if (!match) throw new Error(`no link in the mail: ${mail.text}`);
  return match[0];
}

export const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

import type { Transporter } from "nodemailer";
import type { Env } from "../env.ts";

/**
 * One e-mail to one person: plain text, and for newsletters an HTML part, the blog's sender,
 * its own Message-ID and list headers (decision 373).
 */
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** `"Name" <address>`; the server's SMTP_FROM when absent. */
  from?: string;
  /** The envelope sender (Return-Path), where bounce reports go; the From address when absent. */
  returnPath?: string;
  /** `<id@host>`: bounce reports name it. */
  messageId?: string;
  /** Sent as written (already ASCII and folded by nodemailer where long). */
  headers?: Record<string, string>;
};

/**
 * How an SMTP server answered a message it did not take: `responseCode` (4xx for now, 5xx for
 * good) and the `command` it answered (`RCPT TO` for a recipient it refuses, `CONN`, `MAIL
 * FROM`, `DATA` …), as nodemailer reports them.
 */
export type MailError = Error & { responseCode?: number; command?: string; code?: string };

/**
 * Outgoing e-mail (password resets, invitations, notifications, newsletters). One production
 * adapter, SMTP through nodemailer's connection pool; tests point it at a real SMTP peer on
 * loopback. Absent when the server has no SMTP_URL: callers then say what to do without
 * e-mail instead of sending.
 */
export type Mailer = {
  /** The server's sender (SMTP_FROM): `Name <address>` or an address. */
  from: string;
  send(mail: Mail): Promise<void>;
  close(): void;
};

export type SmtpSettings = {
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`. */
  url: string;
  /** The sender, `Blogfleet <blogs@example.com>` or a bare address. */
  from: string;
  /** Connections at once (default 3). */
  connections?: number;
  /** Messages a second at most (the server's limit); unset: no pacing. */
  ratePerSecond?: number;
};

export function createSmtpMailer({ url, from, connections, ratePerSecond }: SmtpSettings): Mailer {
  // nodemailer (about 5 MB of heap) loads with the first e-mail, not with the server: most
  // servers send one now and then, and a server that is idle stays small.
  let transport: Promise<Transporter> | undefined;
  const open = () => {
    transport ??= import("nodemailer").then(({ createTransport }) => {
      // The pool's settings go in the URL's query, as nodemailer reads them there.
      const pooled = new URL(url);
      pooled.searchParams.set("pool", "true");
      pooled.searchParams.set("maxConnections", String(connections ?? 3));
      if (ratePerSecond) {
        pooled.searchParams.set("rateDelta", "1000");
        pooled.searchParams.set("rateLimit", String(ratePerSecond));
      }
      return createTransport(pooled.toString(), { from });
    });
    return transport;
  };
  return {
    from,
    async send({ to, subject, text, html, from: sender, returnPath, messageId, headers }) {
      await (await open()).sendMail({
        to,
        subject,
        text,
        ...(html ? { html } : {}),
        ...(sender ? { from: sender } : {}),
        ...(messageId ? { messageId } : {}),
        ...(returnPath ? { envelope: { from: returnPath, to } } : {}),
        ...(headers
          ? {
              headers: Object.fromEntries(
                Object.entries(headers).map(([name, value]) => [name, { prepared: true, value }]),
              ),
            }
          : {}),
      });
    },
    close: () => {
      void transport?.then((opened) => opened.close());
    },
  };
}

/** The server's mailer from SMTP_URL and SMTP_FROM, or none when SMTP is not configured. */
export function mailerFromEnv(
  env: Pick<Env, "SMTP_URL" | "SMTP_FROM"> &
    Partial<Pick<Env, "SMTP_RATE_LIMIT" | "SMTP_CONNECTIONS">>,
): Mailer | undefined {
  if (!env.SMTP_URL || !env.SMTP_FROM) return undefined;
  return createSmtpMailer({
    url: env.SMTP_URL,
    from: env.SMTP_FROM,
    connections: env.SMTP_CONNECTIONS,
    ratePerSecond: env.SMTP_RATE_LIMIT,
  });
}

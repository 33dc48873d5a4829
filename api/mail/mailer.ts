import type { Transporter } from "nodemailer";
import type { Env } from "../env.ts";

/** One plain-text e-mail to one person. */
export type Mail = { to: string; subject: string; text: string };

/**
 * Outgoing e-mail (password resets; later newsletters). One production adapter, SMTP through
 * nodemailer; tests point it at a real SMTP peer on loopback. Absent when the server has no
 * SMTP_URL: callers then say what to do without e-mail instead of sending.
 */
export type Mailer = { send(mail: Mail): Promise<void>; close(): void };

export type SmtpSettings = {
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`. */
  url: string;
  /** The sender, `Blogfleet <blogs@example.com>` or a bare address. */
  from: string;
};

export function createSmtpMailer({ url, from }: SmtpSettings): Mailer {
  // nodemailer (about 5 MB of heap) loads with the first e-mail, not with the server: most
  // servers send one now and then, and a server that is idle stays small.
  let transport: Promise<Transporter> | undefined;
  const open = () => {
    transport ??= import("nodemailer").then(({ createTransport }) =>
      createTransport(url, { from }),
    );
    return transport;
  };
  return {
    async send({ to, subject, text }) {
      await (await open()).sendMail({ to, subject, text });
    },
    close: () => {
      void transport?.then((opened) => opened.close());
    },
  };
}

/** The server's mailer from SMTP_URL and SMTP_FROM, or none when SMTP is not configured. */
export function mailerFromEnv(env: Pick<Env, "SMTP_URL" | "SMTP_FROM">): Mailer | undefined {
  if (!env.SMTP_URL || !env.SMTP_FROM) return undefined;
  return createSmtpMailer({ url: env.SMTP_URL, from: env.SMTP_FROM });
}

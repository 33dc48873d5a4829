import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { from: string; to: string[]; raw: string };

/** An SMTP answer that refuses: `code` 4xx (for now) or 5xx (for good). */
export type Refusal = { code: number; message: string };

export type SmtpPeerOptions = {
  /** Refuses some recipients at RCPT TO (a mailbox that does not exist, a full one). */
  refuseRecipient?: (address: string) => Refusal | undefined;
  /** After this many messages, refuses every new one at MAIL FROM with 421 (the server failing). */
  failAfter?: number;
  /** Listens on this port (a server back on its address after failing). */
  port?: number;
};

const refusal = ({ code, message }: Refusal) =>
  Object.assign(new Error(message), { responseCode: code });

/** A real SMTP server on loopback that keeps every message it is given. */
export async function startSmtpPeer(options: SmtpPeerOptions = {}) {
  const received: ReceivedMail[] = [];
  let taken = 0;
  /** Messages begun (MAIL FROM taken): several connections begin them at once. */
  let begun = 0;
  const waiting: ((mail: ReceivedMail) => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    // Senders keep pooled connections open: closing the peer ends them instead of waiting.
    closeTimeout: 50,
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (options.failAfter !== undefined && begun >= options.failAfter)
        return callback(refusal({ code: 421, message: "Service not available, closing channel" }));
      begun++;
      callback();
    },
    onRcptTo(address, _session, callback) {
      const refused = options.refuseRecipient?.(address.address);
      callback(refused ? refusal(refused) : undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        };
        received.push(mail);
        const waiter = waiting.shift();
        if (waiter) {
          taken++;
          waiter(mail);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    /** The next message to arrive (or the first not yet taken). */
    next: (): Promise<ReceivedMail> =>
      new Promise((resolve) => {
        const already = received[taken++];
        if (already) resolve(already);
        else waiting.push((mail) => resolve(mail));
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The UTF-8 text of a quoted-printable message, soft line breaks joined. */
export const decodeQuotedPrintable = (text: string) =>
  Buffer.from(
    text
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      ),
    "latin1",
  ).toString("utf8");

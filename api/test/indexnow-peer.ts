import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** A ping as the IndexNow protocol has it: the JSON body of a POST to the endpoint. */
export type IndexNowPing = { host: string; key: string; keyLocation?: string; urlList: string[] };

/** A received ping and the status it was answered with. */
export type ReceivedPing = IndexNowPing & { status: number };

/**
 * An IndexNow receiver on loopback: answers POSTs of JSON pings (by default 202, as the real
 * endpoint does while a key is being checked) and keeps each one with its answer. `answer`
 * picks another status for a ping (429 for busy, 422 for addresses not on the host).
 */
export async function startIndexNowPeer() {
  const received: ReceivedPing[] = [];
  let answer: (ping: IndexNowPing) => number = () => 202;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      let ping: IndexNowPing;
      try {
        if (req.method !== "POST" || !req.headers["content-type"]?.startsWith("application/json"))
          throw new Error("not a JSON POST");
        ping = JSON.parse(Buffer.concat(chunks).toString("utf8")) as IndexNowPing;
        if (typeof ping.host !== "string" || typeof ping.key !== "string") throw new Error("bad");
        if (!Array.isArray(ping.urlList)) throw new Error("no urlList");
      } catch {
        res.writeHead(400).end();
        return;
      }
      const status = answer(ping);
      received.push({ ...ping, status });
      res.writeHead(status).end();
    });
  });
  server.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}/indexnow`,
    received,
    /** Pings naming `url`, in the order they came. */
    pingsOf: (url: string) => received.filter((ping) => ping.urlList.includes(url)),
    answerWith: (pick: (ping: IndexNowPing) => number) => {
      answer = pick;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

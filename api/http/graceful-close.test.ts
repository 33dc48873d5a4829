import { Agent, createServer, get, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { type GracefulCloser, gracefulCloser } from "./graceful-close.ts";

let server: Server;
let closer: GracefulCloser;
let port: number;

async function serve(handler: Parameters<typeof createServer>[1]) {
  server = createServer(handler);
  closer = gracefulCloser(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
}

const countConnections = () =>
  new Promise<number>((resolve) => server.getConnections((_error, count) => resolve(count)));

afterEach(() => {
  server.closeAllConnections();
  if (server.listening) server.close();
});

/** GET / on the test server: status and the number of body bytes, or the connection error. */
function fetchAll(agent?: Agent) {
  return new Promise<{ status: number; bytes: number } | { error: string }>((resolve) => {
    const req = get({ host: "127.0.0.1", port, path: "/", agent }, (res: IncomingMessage) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, bytes }));
      res.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? "error" }));
    });
    req.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? "error" }));
  });
}

const stoppedListening = async () => {
  while (server.listening) await new Promise((resolve) => setImmediate(resolve));
};

describe("gracefulCloser", () => {
  it("lets a large response that is still being flushed arrive complete", async () => {
    // node's server.close() destroyed this connection: the response had been ended, so it
    // counted as idle, and the client got ECONNRESET part way through the body.
    const body = "x".repeat(30 * 1024 * 1024);
    let closed: Promise<void> | undefined;
    await serve((_req, res) => {
      res.end(body);
      setImmediate(() => {
        closed = closer.close();
      });
    });
    const answer = await fetchAll(new Agent({ keepAlive: true }));
    expect(answer).toEqual({ status: 200, bytes: body.length });
    await closed;
  });

  it("answers a slow request in flight and refuses new connections meanwhile", async () => {
    let entered!: () => void;
    const inHandler = new Promise<void>((resolve) => {
      entered = resolve;
    });
    await serve((_req, res) => {
      entered();
      setTimeout(() => res.end("done"), 300);
    });
    const slow = fetchAll();
    await inHandler;
    const closed = closer.close();
    await stoppedListening();
    expect(await fetchAll()).toEqual({ error: "ECONNREFUSED" });
    expect(await slow).toEqual({ status: 200, bytes: 4 });
    await closed;
  });

  it("closes idle kept-alive connections at once instead of waiting for their timeout", async () => {
    await serve((_req, res) => res.end("ok"));
    const agent = new Agent({ keepAlive: true });
    expect(await fetchAll(agent)).toEqual({ status: 200, bytes: 2 });
    const started = performance.now();
    await closer.close();
    expect(performance.now() - started).toBeLessThan(1000);
    agent.destroy();
  });

  it("reads a request that arrived on a new connection just before closing, and answers it", async () => {
    await serve((_req, res) => res.end("late"));
    // A connection accepted, its request not read yet: the server was busy when the signal came.
    const { connect } = await import("node:net");
    const socket = connect(port, "127.0.0.1");
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    while ((await countConnections()) === 0) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    const closed = closer.close();
    socket.write("GET / HTTP/1.1\r\nHost: test\r\n\r\n");
    const answer = await new Promise<string>((resolve) => {
      let text = "";
      socket.on("data", (chunk: Buffer) => {
        text += chunk.toString();
      });
      socket.on("end", () => resolve(text));
      socket.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toMatch(/connection: close/i);
    expect(answer.endsWith("late")).toBe(true);
    await closed;
  });

  it("answers connections that were waiting to be accepted when closing began", async () => {
    // A busy event loop accepts one waiting connection per turn; the others used to be reset
    // when the port closed.
    let first = true;
    let closed: Promise<void> | undefined;
    await serve((_req, res) => {
      if (first) {
        first = false;
        closed = closer.close();
      }
      const until = performance.now() + 100;
      while (performance.now() < until) {
        // slow, synchronous work
      }
      res.end("ok");
    });
    const answers = await Promise.all(Array.from({ length: 5 }, () => fetchAll()));
    expect(answers).toEqual(Array.from({ length: 5 }, () => ({ status: 200, bytes: 2 })));
    await closed;
    expect(server.listening).toBe(false);
  });
});

import { Agent, createServer, get, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterEach, expect, it } from "vitest";
import { keepConnectionsAlive } from "./keep-alive.ts";

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

/** GET / on `port` through `agent`; resolves with the socket the answer came on. */
const request = (port: number, agent: Agent) =>
  new Promise<Socket>((resolve, reject) => {
    get({ host: "127.0.0.1", port, path: "/", agent }, (res) => {
      const { socket } = res;
      res.resume();
      res.on("end", () => resolve(socket));
    }).on("error", reject);
  });

it("keeps an idle connection open past Node's own 5 s (+1 s) keep-alive timeout", async () => {
  server = keepConnectionsAlive(createServer((_req, res) => res.end("ok")));
  const listening = server;
  await new Promise<void>((done) => listening.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const first = await request(port, agent);
  let closed = false;
  first.once("close", () => {
    closed = true;
  });
  // Node's default would close it after 6 s of idleness.
  await new Promise((wait) => setTimeout(wait, 6_500));
  expect(closed).toBe(false);
  expect(await request(port, agent)).toBe(first);
  agent.destroy();
}, 15_000);

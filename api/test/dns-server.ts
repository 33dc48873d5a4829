import { createSocket } from "node:dgram";
import type { AddressInfo } from "node:net";
import * as packet from "dns-packet";

export type DnsRecords = { CNAME?: string[]; A?: string[]; AAAA?: string[]; TXT?: string[][] };

/**
 * A real DNS server on loopback (UDP) answering from `records`, for domain verification tests.
 * Unknown names answer NXDOMAIN; `silent` makes it drop queries, to exercise timeouts.
 */
export async function startDnsServer(records: Map<string, DnsRecords>) {
  const socket = createSocket("udp4");
  const state = { silent: false, queries: [] as string[] };
  socket.on("message", (message, peer) => {
    if (state.silent) return;
    const query = packet.decode(message);
    const answers: packet.Answer[] = [];
    let known = false;
    for (const question of query.questions ?? []) {
      state.queries.push(`${question.type} ${question.name}`);
      const entry = records.get(question.name.toLowerCase());
      if (!entry) continue;
      known = true;
      const name = question.name;
      if (question.type === "CNAME")
        for (const data of entry.CNAME ?? []) answers.push({ type: "CNAME", name, ttl: 60, data });
      if (question.type === "A")
        for (const data of entry.A ?? []) answers.push({ type: "A", name, ttl: 60, data });
      if (question.type === "AAAA")
        for (const data of entry.AAAA ?? []) answers.push({ type: "AAAA", name, ttl: 60, data });
      if (question.type === "TXT")
        for (const data of entry.TXT ?? []) answers.push({ type: "TXT", name, ttl: 60, data });
    }
    const reply = packet.encode({
      id: query.id,
      type: "response",
      flags: packet.RECURSION_DESIRED | packet.RECURSION_AVAILABLE | (known ? 0 : 3),
      questions: query.questions,
      answers,
    });
    socket.send(reply, peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  const { port } = socket.address() as AddressInfo;
  return {
    server: `127.0.0.1:${port}`,
    records,
    state,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

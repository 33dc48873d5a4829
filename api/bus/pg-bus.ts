import { randomBytes } from "node:crypto";
import pg from "pg";
import type { Logger } from "../logger.ts";
import { type Bus, type BusChannel, type BusListener, maxMessageBytes } from "./bus.ts";

/** The one PostgreSQL channel every Blogfleet process listens on. */
const pgChannel = "blogfleet_bus";

/**
 * The bus of a PostgreSQL set-up: NOTIFY on the database the processes share, LISTEN on a
 * connection of its own (a pooled one could be handed to a query that takes minutes). A dropped
 * connection is opened again after a second; listeners are then told that messages may have
 * been lost (`undefined`), since NOTIFY keeps nothing for a listener that was away.
 */
export async function createPgBus(options: {
  connectionString: string;
  logger?: Logger;
  reconnectMs?: number;
  /** How the bus's connection is named in pg_stat_activity. */
  applicationName?: string;
}): Promise<Bus> {
  const origin = randomBytes(8).toString("hex");
  const listeners = new Map<BusChannel, Set<BusListener>>();
  let client: pg.Client | undefined;
  let closed = false;
  let reconnecting: NodeJS.Timeout | undefined;

  const deliver = (channel: BusChannel, message: string | undefined) => {
    for (const listener of listeners.get(channel) ?? []) {
      try {
        listener(message);
      } catch (error) {
        options.logger?.error({ err: error, channel }, "bus listener failed");
      }
    }
  };

  const connect = async () => {
    const next = new pg.Client({
      connectionString: options.connectionString,
      application_name: options.applicationName ?? "blogfleet-bus",
    });
    next.on("notification", (note) => {
      if (note.channel !== pgChannel || !note.payload) return;
      try {
        const { from, channel, message } = JSON.parse(note.payload) as {
          from: string;
          channel: BusChannel;
          message: string;
        };
        if (from !== origin) deliver(channel, message);
      } catch {
        options.logger?.warn({ payload: note.payload }, "bus message not understood");
      }
    });
    const lost = () => {
      if (closed || client !== next) return;
      client = undefined;
      next.end().catch(() => undefined);
      reconnecting ??= setTimeout(reconnect, options.reconnectMs ?? 1000);
    };
    next.on("error", (error) => {
      options.logger?.warn({ err: error }, "bus connection lost; opening it again");
      lost();
    });
    next.on("end", lost);
    await next.connect();
    await next.query(`LISTEN ${pgChannel}`);
    client = next;
  };

  const reconnect = () => {
    reconnecting = undefined;
    if (closed) return;
    connect().then(
      () => {
        // Whatever was published while this process was not listening is lost to it.
        for (const channel of listeners.keys()) deliver(channel, undefined);
      },
      (error: unknown) => {
        options.logger?.warn({ err: error }, "bus connection not open yet; trying again");
        reconnecting ??= setTimeout(reconnect, options.reconnectMs ?? 1000);
      },
    );
  };

  await connect();

  return {
    kind: "postgres",
    async publish(channel, message) {
      const payload = JSON.stringify({ from: origin, channel, message });
      if (Buffer.byteLength(payload) > maxMessageBytes)
        throw new Error(`A bus message must stay under ${maxMessageBytes} bytes`);
      if (!client) throw new Error("The bus is not connected");
      await client.query("SELECT pg_notify($1, $2)", [pgChannel, payload]);
    },
    subscribe(channel, listener) {
      const set = listeners.get(channel) ?? new Set();
      listeners.set(channel, set);
      set.add(listener);
      return () => set.delete(listener);
    },
    async close() {
      closed = true;
      clearTimeout(reconnecting);
      const last = client;
      client = undefined;
      await last?.end();
    },
  };
}

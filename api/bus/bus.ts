import { randomBytes } from "node:crypto";
import { EventEmitter } from "node:events";

/** A message must stay under this (PostgreSQL's NOTIFY takes under 8,000 bytes). */
export const maxMessageBytes = 7000;

/** What caches of several processes hear about (decision 193). */
export type BusChannel = "page-cache" | "content" | "host-map";

/**
 * `message` is what another process published; `undefined` means messages may have been lost
 * (the connection dropped and came back): drop everything that depends on the channel.
 */
export type BusListener = (message: string | undefined) => void;

/**
 * Tells the other processes of an installation that something they keep in memory changed.
 * A process applies its own changes at once and publishes them for the others: a listener never
 * hears what its own process published.
 */
export type Bus = {
  kind: "in-process" | "postgres";
  publish: (channel: BusChannel, message: string) => Promise<void>;
  subscribe: (channel: BusChannel, listener: BusListener) => () => void;
  close: () => Promise<void>;
};

/**
 * The bus of the single-process set-up: there is no other process, so nothing is delivered,
 * unless `hub` joins several buses (tests stand in for processes with it).
 */
export function createInProcessBus(hub: EventEmitter = new EventEmitter()): Bus {
  const origin = randomBytes(8).toString("hex");
  const listeners = new Map<BusListener, (from: string, message: string) => void>();
  return {
    kind: "in-process",
    async publish(channel, message) {
      hub.emit(channel, origin, message);
    },
    subscribe(channel, listener) {
      const wrapped = (from: string, message: string) => {
        if (from !== origin) listener(message);
      };
      listeners.set(listener, wrapped);
      hub.on(channel, wrapped);
      return () => hub.off(channel, wrapped);
    },
    async close() {
      for (const [, wrapped] of listeners)
        for (const name of hub.eventNames()) hub.off(name, wrapped);
    },
  };
}

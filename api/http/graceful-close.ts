import type { Server } from "node:http";
import { Server as NetServer, type Socket } from "node:net";

export type GracefulCloser = {
  /**
   * Stops taking connections (`onStopListening` is called once the port is closed); resolves
   * when every request already sent has been answered in full and every connection is closed.
   */
  close: (options?: { onStopListening?: () => void }) => Promise<void>;
};

/** A connection accepted while closing gets this long to send its request. */
const freshConnectionGraceMs = 1000;
/** At most this long spent accepting connections that were waiting when closing began. */
const maxDrainMs = 2000;

/**
 * What a deploy's SIGTERM needs from the HTTP server: every request a client has already sent
 * is answered in full, then the connections close. Node's own `server.close()` falls short
 * three ways, each found by `npm run check:reliability`:
 *
 * - It destroys every connection it counts as idle, and a connection whose response has been
 *   ended but is still being flushed counts as idle: a large response (a long posts list, a
 *   big sitemap) was cut off. Here busy connections close once their last response has been
 *   handed to the operating system.
 * - A connection accepted whose request has not been read yet (the event loop was busy when
 *   the signal came) was reset. Here it gets a moment to be read.
 * - Connections the kernel had completed but Node had not accepted yet were reset when the
 *   port closed: a busy event loop accepts one connection per turn. Here the port stays open
 *   until a turn accepts none (at most `maxDrainMs`); what arrives meanwhile is answered with
 *   `Connection: close`.
 *
 * Call it before the server listens, so that it sees every connection.
 */
export function gracefulCloser(server: Server): GracefulCloser {
  const sockets = new Set<Socket>();
  /** Responses not yet finished, per connection. */
  const busy = new Map<Socket, number>();
  /** Connections that have carried a request. */
  const used = new WeakSet<Socket>();
  let closing = false;
  let accepted = 0;

  /** Closes a connection that has no request to answer (after a grace if it never had one). */
  const release = (socket: Socket) => {
    if (busy.has(socket)) return;
    if (used.has(socket)) {
      socket.destroy();
      return;
    }
    // After the grace, and after the loop's next read of the sockets (which runs before
    // setImmediate callbacks): a request held up behind slow work still counts.
    setTimeout(() => {
      setImmediate(() => {
        if (!busy.has(socket) && !used.has(socket)) socket.destroy();
      });
    }, freshConnectionGraceMs).unref();
  };

  server.prependListener("connection", (socket: Socket) => {
    accepted++;
    sockets.add(socket);
    socket.once("close", () => {
      sockets.delete(socket);
      busy.delete(socket);
    });
    if (closing) release(socket);
  });

  server.prependListener("request", (req, res) => {
    const socket = req.socket;
    used.add(socket);
    busy.set(socket, (busy.get(socket) ?? 0) + 1);
    // A request that arrives while closing is answered, and its connection not kept.
    if (closing) res.setHeader("Connection", "close");
    // 'close' follows 'finish' (the whole response handed to the OS) or an aborted connection.
    res.once("close", () => {
      const left = (busy.get(socket) ?? 1) - 1;
      if (left > 0) {
        busy.set(socket, left);
        return;
      }
      busy.delete(socket);
      if (closing) socket.end();
    });
  });

  return {
    close(options = {}) {
      closing = true;
      for (const socket of sockets) release(socket);
      const drainUntil = Date.now() + maxDrainMs;
      return new Promise<void>((done) => {
        // Each turn of the loop accepts at most one waiting connection (before setImmediate
        // callbacks run): the port closes after a turn that accepted none.
        let seen = accepted;
        const drain = () => {
          if (accepted !== seen && Date.now() < drainUntil) {
            seen = accepted;
            setImmediate(drain);
            return;
          }
          // net.Server's close: stop listening, call back once every connection has closed,
          // without http.Server's destruction of "idle" connections.
          NetServer.prototype.close.call(server, () => done());
          options.onStopListening?.();
        };
        // The first turn always runs: connections may be waiting.
        seen = -1;
        setImmediate(drain);
      });
    },
  };
}

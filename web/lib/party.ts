import PartySocket from "partysocket";
import { type ClientEvent, parseFrame, ServerEvent } from "../../party/events";
import { store } from "./storage";

/** The spec's socket settings: reconnect after 1 to 5 s, 20 s connection timeout, unlimited attempts. */
export const socketOptions = {
  minReconnectionDelay: 1000,
  maxReconnectionDelay: 5000,
  connectionTimeout: 20_000,
  maxRetries: Number.POSITIVE_INFINITY,
};

export interface Room {
  send(event: ClientEvent): void;
  subscribe(listener: (event: ServerEvent) => void): () => void;
  close(): void;
}

/**
 * The member's room socket. Each (re)connection tells the room the time of the last message seen, so
 * the room replays what was missed, and sends the clickid event.
 */
export function connectRoom(opts: { clickid: string; token: string; lastSeen: () => number }): Room {
  const listeners = new Set<(event: ServerEvent) => void>();
  const socket = new PartySocket({
    host: location.host,
    // partysocket guesses wss for any host not starting with "localhost" (it.localhost included).
    protocol: location.protocol === "https:" ? "wss" : "ws",
    party: "user-room",
    room: opts.clickid,
    query: () => ({ token: opts.token, since: String(opts.lastSeen()) }),
    ...socketOptions,
  });
  // The spec's first emit on every (re)connection: the room learns the member is active (an angel may visit).
  socket.addEventListener("open", () => {
    const hello: ClientEvent = {
      event: "clickid",
      data: { clickid: opts.clickid, softwareVersion: store.get("softwareVersion") ?? undefined },
    };
    socket.send(JSON.stringify(hello));
  });
  socket.addEventListener("message", (e: MessageEvent) => {
    const event = parseFrame(ServerEvent, e.data);
    if (event) for (const listener of listeners) listener(event);
  });
  return {
    send: (event) => socket.send(JSON.stringify(event)),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => socket.close(),
  };
}

import PartySocket from "partysocket";
import { type ClientEvent, parseFrame, ServerEvent } from "../../party/events";

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
 * the room replays what was missed.
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

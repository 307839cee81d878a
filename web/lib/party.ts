import PartySocket from "partysocket";
import { encodeCursor } from "../../worker/contracts/cursor";
import {
  type ClientBrain,
  type ClientEvent,
  OLD_SOCKET_CLOSE_CODE,
  parseFrame,
  SESSION_ENDED_CLOSE_CODE,
  ServerEvent,
} from "../../worker/contracts/realtime";
import { api } from "./api";
import { receive, type StreamState, startStream } from "./delivery";
import { outbox } from "./outbox";
import { store } from "./storage";

/** The spec's socket settings: reconnect after 1 to 5 s, 20 s connection timeout, unlimited attempts. */
export const socketOptions = {
  minReconnectionDelay: 1000,
  maxReconnectionDelay: 5000,
  connectionTimeout: 20_000,
  maxRetries: Number.POSITIVE_INFINITY,
};

/** The spec's log line for a socket that cannot connect (connect_error). */
export const SOCKET_PROBLEM = "PROBLEMA SOCKET";

export interface Room {
  send(event: ClientEvent): void;
  subscribe(listener: (event: ServerEvent) => void): () => void;
  /** The client shows a chat message; `read`: an angel message in the open chat of a visible tab. */
  ack(id: number, read: boolean): void;
  /** The spec's brain event: sent once per page session, after clickid, unless pressing was paused. */
  startBrain(data: ClientBrain): void;
  /**
   * While set, this page ignores the room's restart: it is the page that disables the account, and it
   * reloads on its own schedule (after its done message); the member's other tabs restart at once.
   */
  ownRestart(on: boolean): void;
  close(): void;
}

/** Logs a client problem to the backend (POST /api/log/client); a failure to log is only a warning. */
export function logClient(subject: string, messaggio: string) {
  api.api.log.client
    .$post({ json: { subject, messaggio } })
    .catch((error: unknown) => console.warn("log/client failed", error));
}

/** A page's own id for its socket: its reconnections replace its stale socket, other tabs are untouched. */
const newTabId = () => `tab-${crypto.randomUUID()}`;

/**
 * The member's room socket (WebSocket transport only). Each (re)connection sends the cursors of the last
 * message and notification seen, so the room replays exactly what was missed, then the clickid event.
 * Chat and notification events pass once each (duplicates dropped). The room's restart, softwareVersion
 * and oldSocketRemoved events are handled here: reload, store the version (and reload when flagged), stop.
 */
export function connectRoom(opts: { clickid: string; token: string; lastSeen?: () => number }): Room {
  const listeners = new Set<(event: ServerEvent) => void>();
  const since = opts.lastSeen?.() ?? Date.now();
  let messages: StreamState = startStream(since);
  let notifications: StreamState = startStream(since);
  const tab = newTabId();
  store.set("socketId", tab);
  let brain: ClientBrain | null = null;
  let brainSent = false;
  let pressingPaused = false;
  let helloSent = false;
  let outage = false;
  let removed = false;
  let restartOwned = false;

  const socket = new PartySocket({
    host: location.host,
    // partysocket guesses wss for any host not starting with "localhost" (it.localhost included).
    protocol: location.protocol === "https:" ? "wss" : "ws",
    party: "user-room",
    room: opts.clickid,
    query: () => ({
      token: opts.token,
      tab,
      after: encodeCursor(messages.cursor),
      nafter: encodeCursor(notifications.cursor),
    }),
    // A socket the room replaced (oldSocketRemoved) stays closed.
    shouldReconnectOnClose: (e: CloseEvent) =>
      e.code !== OLD_SOCKET_CLOSE_CODE && e.code !== SESSION_ENDED_CLOSE_CODE,
    ...socketOptions,
  });
  const raw = (event: ClientEvent) => socket.send(JSON.stringify(event));
  // clientIds this page sent while the socket was down: partysocket sends them itself when it opens.
  const queued = new Set<string>();
  const send = (event: ClientEvent) => {
    if (event.event === "chat" || event.event === "invite") {
      outbox.add(opts.clickid, event);
      if (socket.readyState !== WebSocket.OPEN) queued.add(event.data.clientId);
    }
    raw(event);
  };
  const sendBrain = () => {
    if (!brain || brainSent || pressingPaused || !helloSent) return;
    brainSent = true;
    raw({ event: "brain", data: brain });
  };

  // The spec's first emit on every (re)connection (connect_error included): the member is active.
  socket.addEventListener("open", () => {
    outage = false;
    raw({
      event: "clickid",
      data: {
        clickid: opts.clickid,
        softwareVersion: store.get("softwareVersion") ?? undefined,
        visible: pageVisible(),
      },
    });
    helloSent = true;
    // Messages a closed page left "sending" (this page's own are still in partysocket's queue).
    for (const entry of outbox.due(opts.clickid)) {
      if (!queued.has(entry.event.data.clientId)) raw(entry.event);
    }
    queued.clear();
    sendBrain();
  });
  // The room pushes, mails or messages on Telegram what a member does not see: a hidden page is not seen.
  const onVisibility = () => {
    if (helloSent && socket.readyState === WebSocket.OPEN)
      raw({ event: "visibility", data: { visible: pageVisible() } });
  };
  document.addEventListener("visibilitychange", onVisibility);
  // connect_error: logged once per outage; the socket keeps retrying every 1-5 s.
  socket.addEventListener("error", () => {
    if (outage || removed) return;
    outage = true;
    logClient(SOCKET_PROBLEM, `room ${opts.clickid}: connection failed`);
  });
  socket.addEventListener("message", (e: MessageEvent) => {
    const event = parseFrame(ServerEvent, e.data);
    if (!event) return;
    const answered = "clientId" in event.data ? event.data.clientId : undefined;
    if (answered) outbox.answered(answered);
    if (event.event === "chat") {
      const r = receive(messages, event.data);
      messages = r.state;
      if (!r.fresh) return;
    } else if (event.event === "notification") {
      const r = receive(notifications, event.data);
      notifications = r.state;
      if (!r.fresh) return;
    } else if (event.event === "restart") {
      if (!restartOwned) window.location.reload();
      return;
    } else if (event.event === "softwareVersion") {
      store.set("softwareVersion", event.data.version);
      if (event.data.reload) window.location.reload();
      return;
    } else if (event.event === "oldSocketRemoved") {
      removed = true;
      socket.close();
      return;
    } else if (event.event === "pausePressing") {
      pressingPaused = true;
    }
    for (const listener of listeners) listener(event);
  });
  return {
    send,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ack: (id, read) => raw({ event: "ack", data: { id, read } }),
    startBrain(data) {
      brain = data;
      sendBrain();
    },
    ownRestart(on) {
      restartOwned = on;
    },
    close: () => {
      document.removeEventListener("visibilitychange", onVisibility);
      socket.close();
    },
  };
}

const pageVisible = () => document.visibilityState === "visible";

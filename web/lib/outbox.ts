// Chat and invite events the room has not answered yet, kept in local storage so that a message shown as
// "sending" is not lost when the page reloads or closes first: the next connection sends them again, and the
// room stores a clientId once, so a message that did arrive is not stored twice.
import { z } from "zod";
import { ClientEvent } from "../../worker/contracts/realtime";
import { store } from "./storage";

export type Outgoing = Extract<ClientEvent, { event: "chat" | "invite" }>;
const OutboxEntry = z.object({
  clickid: z.string(),
  event: ClientEvent.refine((e): e is Outgoing => e.event === "chat" || e.event === "invite"),
  at: z.number(),
});
export type OutboxEntry = z.infer<typeof OutboxEntry>;

/** Older unanswered messages are dropped rather than sent a day late. */
export const OUTBOX_MAX_AGE_MS = 86_400_000;

/** What local storage holds, checked entry by entry: damaged or foreign entries are dropped, not sent. */
export function parseOutbox(raw: string | null): OutboxEntry[] {
  if (!raw) return [];
  try {
    const entries: unknown = JSON.parse(raw);
    if (!Array.isArray(entries)) return [];
    return entries.flatMap((entry) => {
      const parsed = OutboxEntry.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    });
  } catch {
    return [];
  }
}

/** The entries of one member still worth sending, oldest first. */
export function dueEntries(entries: OutboxEntry[], clickid: string, now: number): OutboxEntry[] {
  return entries.filter((e) => e.clickid === clickid && now - e.at < OUTBOX_MAX_AGE_MS);
}

export function withoutClientId(entries: OutboxEntry[], clientId: string): OutboxEntry[] {
  return entries.filter((e) => e.event.data.clientId !== clientId);
}

export const outbox = {
  add(clickid: string, event: Outgoing, now = Date.now()) {
    const entries = dueEntries(parseOutbox(store.get("outbox")), clickid, now);
    store.set("outbox", JSON.stringify([...entries, { clickid, event, at: now }]));
  },
  /** The room answered this clientId (stored, refused or failed): nothing left to resend. */
  answered(clientId: string) {
    const entries = parseOutbox(store.get("outbox"));
    const left = withoutClientId(entries, clientId);
    if (left.length === entries.length) return;
    if (left.length) store.set("outbox", JSON.stringify(left));
    else store.remove("outbox");
  },
  due: (clickid: string, now = Date.now()) => dueEntries(parseOutbox(store.get("outbox")), clickid, now),
};

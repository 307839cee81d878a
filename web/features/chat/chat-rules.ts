// The single-chat screen's rules (accounts-community.md, "Chat rules"), pure so they are unit-tested.
import { type ChatLock, type ChatMessage, LOCKED_ANGEL_IDS } from "../../../worker/contracts/chat";
import { LIKE_REPLY_CATEGORY, type Notification } from "../../../worker/contracts/engagement";

export { LOCKED_ANGEL_IDS };

/**
 * A line on screen: a message, or one of the member's being sent, refused, or held (written by a member
 * not verified by phone: it is not sent until the member verifies, and shows the link to verify).
 */
export type Line = ChatMessage & { state?: "sending" | "refused" | "held" };

/**
 * Messages whose time is in the future are hidden (the server never sends them; this guards the client
 * against one that slips through, e.g. clock skew or a replayed event). The member's own lines are always
 * shown: their time is the server's, and a clock behind it must not hide what the member just wrote.
 * Also returns when the next hidden line becomes due, so the screen can show it then.
 */
export function visibleLines(
  lines: readonly Line[],
  now: number,
): { visible: Line[]; nextDue: number | null } {
  const visible: Line[] = [];
  let nextDue: number | null = null;
  for (const line of lines) {
    const at = Date.parse(line.time);
    if (line.type === "personal" || !(at > now)) visible.push(line);
    else nextDue = nextDue === null ? at : Math.min(nextDue, at);
  }
  return { visible, nextDue };
}

/** The lines that count as the conversation: refused and held lines were never stored. */
const stored = (lines: readonly Line[]) => lines.filter((l) => l.state !== "refused" && l.state !== "held");

/** The first message with no previous messages, or only likes, is an icebreaker. */
export const isIcebreaker = (lines: readonly Line[]): boolean =>
  stored(lines).every((l) => l.type === "like");

/**
 * The spec's `engage` (a tracking event it names without a rule): the member answers the angel, i.e. sends
 * his first message after her first one. `before` is the conversation without the message being sent, so it
 * is true once per conversation (docs/decisions/2026-11-29-engage-is-the-members-first-answer.md).
 */
export function answersAngelFirstTime(before: readonly Line[]): boolean {
  const all = stored(before);
  const firstAngel = all.findIndex((l) => l.type === "angel");
  return firstAngel >= 0 && !all.slice(firstAngel + 1).some((l) => l.type === "personal");
}

/** Every message of the conversation is a like: the 'has visited you' note shows. */
export function onlyLikes(lines: readonly Line[]): boolean {
  const all = stored(lines);
  return all.length > 0 && all.every((l) => l.type === "like");
}

export type { ChatLock };

/**
 * Why the member cannot write: the angel is one of the always-locked ids, or the flow uses invitations
 * and the first message (likes aside: an angel's like does not answer an invite) is the member's own, i.e.
 * an invite the angel has not accepted yet. The conversation answer says whether it was accepted, and the
 * angel's like back (acceptsInvite) accepts it live.
 */
export function chatLock(
  lines: readonly Line[],
  ctx: { angelId: number; messaggiInviti: boolean; inviteAccepted?: boolean },
): ChatLock {
  if (LOCKED_ANGEL_IDS.includes(ctx.angelId)) return "angel";
  if (ctx.inviteAccepted) return null;
  const first = stored(lines).find((l) => l.type !== "like");
  if (ctx.messaggiInviti && first?.type === "personal") return "invite";
  return null;
}

/** A room notification that accepts the member's invite to this angel: the angel's like back. */
export const acceptsInvite = (n: Notification, angelId: number): boolean =>
  n.type === "like" && n.categoriaNotifica === LIKE_REPLY_CATEGORY && n.angelId === angelId;

/**
 * The conversation answer's lines merged into what is on screen. The answer may have been read before a
 * line on screen was stored (the room's echo of a message sent while the answer was on its way), so no
 * line on screen is dropped: the answer's lines replace theirs by id or client id and add the rest.
 */
export function withStored(onScreen: readonly Line[], stored: readonly Line[]): Line[] {
  return stored.reduce<Line[]>((all, line) => mergeLine(all, line), [...onScreen]);
}

/** Empty messages (whitespace only) are not sent; the text sent is trimmed. */
export function messageToSend(text: string): string | null {
  const msg = text.trim();
  return msg ? msg : null;
}

/** The spec's textarea base height; it grows with its content from there. */
export const TEXTAREA_BASE_PX = 43;
export const textareaHeight = (scrollHeight: number) => Math.max(TEXTAREA_BASE_PX, scrollHeight);

/** Adds or replaces a line by server id or by the client id of a message being sent; keeps time order. */
export function mergeLine(lines: readonly Line[], incoming: Line): Line[] {
  const i = lines.findIndex(
    (l) => l.id === incoming.id || (incoming.clientId && l.clientId === incoming.clientId),
  );
  const next = i >= 0 ? lines.map((l, j) => (j === i ? incoming : l)) : [...lines, incoming];
  return next.sort((a, b) => a.time.localeCompare(b.time) || a.id - b.id);
}

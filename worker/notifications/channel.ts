import type { Brand } from "../brands/brand";
import type { Config } from "../config";
import type { Locale } from "../contracts/locales";
import type { Db } from "../core/db";

/**
 * The ways of reaching a member once his tab is closed, in the cascade's order: push first, then Telegram,
 * then the e-mail digest.
 */
export const CHANNELS = ["push", "telegram", "email"] as const;
export type ChannelName = (typeof CHANNELS)[number];

/** What a notification is about. */
export type NotificationKind = "message" | "like_back" | "visit" | "purch_ko" | "renewal";

/** What the cascade asks a channel to deliver: one notification per conversation per window. */
export interface OutgoingNotification {
  /** Stable id of this notification: dedupe, and the "opened" / "came back" records point at it. */
  id: string;
  /** The member (accounts.id), in his brand and language. */
  accountId: number;
  locale: Locale;
  kind: NotificationKind;
  /** The angel concerned (message, like_back, visit): the title names her, the link opens her chat. */
  angel?: { id: number; name: string; photoUrl?: string };
  /** How many events it gathers ("3 new messages from Giulia"). */
  count: number;
  /** The latest message's text, already blurred when the member may not read it; only for "message". */
  preview?: string;
  /** A renewal's outcome: the plan renewed, or its charge refused (retried on the schedule). */
  outcome?: "renewed" | "failed";
  /** The site path the notification opens (the chat with that angel, the plans after a failed payment). */
  path: string;
}

/**
 * "sent": handed to the service; "skipped": the member has no such channel or turned it off; "gone": the
 * service says the address no longer exists (the channel was unlinked); "failed": try the next channel.
 */
export type DeliveryOutcome = "sent" | "skipped" | "gone" | "failed";

export interface ChannelContext {
  config: Config;
  db: Db;
  brand: Brand;
}

export interface NotificationChannel {
  name: ChannelName;
  send(ctx: ChannelContext, notification: OutgoingNotification): Promise<DeliveryOutcome>;
}

// The cascade's delays, windows, quiet hours and caps: the defaults of the typed config (worker/config.ts),
// each overridable by an environment variable of the same name.
import { z } from "zod";
import type { Country } from "../contracts/locales";
import type { ChannelName } from "./channel";

const MINUTE_MS = 60_000;

/** An event not seen in-app within this time goes by push; later events of the conversation join it. */
export const NOTIFY_PUSH_DELAY_MS = 2 * MINUTE_MS;
/** A push not opened within this time goes by Telegram. */
export const NOTIFY_TELEGRAM_DELAY_MS = 30 * MINUTE_MS;
/** A Telegram message not opened within this time goes into the e-mail digest. */
export const NOTIFY_EMAIL_DELAY_MS = 6 * 60 * MINUTE_MS;
/** Quiet hours in the brand's market time zone: no notification leaves between these hours. */
export const QUIET_START_HOUR = 22;
export const QUIET_END_HOUR = 8;
/** At most this many notifications per member, channel and day (market time). */
export const DAILY_CAP: Record<ChannelName, number> = { push: 6, telegram: 4, email: 2 };
/** How long a push service keeps a push for an offline browser (RFC 8030 TTL), in seconds. */
export const PUSH_TTL_S = 24 * 60 * 60;
/** The spec: a browser's push subscription is renewed after 7 days. */
export const PUSH_REFRESH_DAYS = 7;

/** The market's time zone of each country, for the quiet hours and the caps' day. */
export const MARKET_TIME_ZONES: Record<Country, string> = {
  it: "Europe/Rome",
  es: "Europe/Madrid",
  en: "Europe/London",
};

/**
 * A brand's VAPID keys (RFC 8292): the public key (uncompressed P-256 point, base64url, the browser's
 * applicationServerKey), the private scalar (base64url) and the contact (mailto: or https:) push services
 * may write to. The Worker secret VAPID_KEYS holds them as JSON keyed by brand id.
 */
export const VapidKeys = z
  .object({
    publicKey: z.string().regex(/^[A-Za-z0-9_-]{86,88}$/, "must be a base64url P-256 public key"),
    privateKey: z.string().regex(/^[A-Za-z0-9_-]{42,44}$/, "must be a base64url P-256 private key"),
    subject: z.string().regex(/^(mailto:|https:\/\/)/, "must be a mailto: or https: contact"),
  })
  .strict();
export type VapidKeys = z.infer<typeof VapidKeys>;

export interface NotificationsConfig {
  delays: Record<ChannelName, number>;
  quietHours: { startHour: number; endHour: number };
  dailyCap: Record<ChannelName, number>;
  push: {
    ttlSeconds: number;
    /** Per brand id; a brand without keys keeps its pushes in the local outbox (refused in production). */
    vapid: Readonly<Record<string, VapidKeys>>;
  };
}

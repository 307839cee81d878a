// The member's rights' delays, limits and retention periods, with the values the legal pages state
// (worker/legal/texts/). worker/config.ts puts them into the typed config; the tests shorten some through vars.

const DAY_MS = 86_400_000;

/** Between a deletion request and the erasure: a login before its end restores the account. */
export const DELETION_GRACE_DAYS = 30;
/** How many data archives a member may ask for in 24 hours. */
export const EXPORTS_PER_DAY = 3;
/** How long an archive's link may be opened (once). */
export const EXPORT_LINK_TTL_MS = 60 * 60_000;
/** How long the code mailed to confirm a deletion (members without a password) stays good, and its tries. */
export const DELETION_CODE_TTL_MS = 15 * 60_000;
export const DELETION_CODE_MAX_ATTEMPTS = 5;

/** How long each kind of data is kept before the retention job deletes it. */
export const RETENTION = {
  /** Usage events (profile views, mail clicks, KPI events). */
  eventsDays: 365,
  /** When each service e-mail went to a member (resend limits). */
  mailLogDays: 90,
  /** The local runs' mail, SMS, push and Telegram outboxes (production keeps none). */
  outboxDays: 30,
  /**
   * Which notification went to a member on which channel, and whether it was opened: the console's "last
   * deliveries" and the caps need weeks, not more; the per-day counts (notification_daily) hold no member.
   */
  notificationLogDays: 180,
  /** The operators' audit log, including every step of a deletion or a withdrawal. */
  auditDays: 3 * 365,
  /** An account whose flow asks for the e-mail's confirmation, never confirmed, never paid, unused this long. */
  unverifiedAccountDays: 30,
  /** Phone codes, deletion codes and archive links after they expired. */
  expiredCodesDays: 1,
  /** Payment records (orders, payments, refunds, withdrawals): the accounting law's 10 years. */
  paymentRecordYears: 10,
} as const;
export type Retention = { [K in keyof typeof RETENTION]: number };

/** Rows one retention step deletes per run at most: a backlog is worked off over several runs. */
export const RETENTION_BATCH = 500;
/** Accounts one run of the erasure job erases at most. */
export const ERASURE_BATCH = 50;

export const days = (n: number) => n * DAY_MS;

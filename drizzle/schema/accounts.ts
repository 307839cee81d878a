import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** A member (the spec's own profile plus the server side of the user context). */
export const accounts = pgTable(
  "accounts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** The spec's clickid / trackerId: the public id of a member, used in paths and room names. */
    clickid: text("clickid").notNull().unique(),
    brandId: text("brand_id").notNull(),
    email: text("email").notNull(),
    /** Null for members who only ever signed in with Google. */
    passwordHash: text("password_hash"),
    /** Google's stable subject id, for members who signed in with Google. */
    googleSub: text("google_sub"),
    confirmedEmail: boolean("confirmed_email").notNull().default(false),
    country: text("country").notNull(),
    region: text("region"),
    city: text("city"),
    province: text("provincia"),
    age: integer("eta"),
    gender: text("sono").notNull(),
    seeking: text("cerco").notNull(),
    username: text("username"),
    surname: text("surname"),
    description: text("descrizione"),
    lookingFor: text("cosa_cerco"),
    /** The mobile number (E.164) whose SMS code verified the member; unique per brand. */
    phone: text("phone"),
    preferredAge: text("preferred_age"),
    /** The name of the member's default photo (predefinita) among member_photos; null without photos. */
    defaultPhoto: text("default_photo"),
    /**
     * How many member_photos rows the member has: the upload's one statement adds a photo only while this is
     * below the cap and raises it in the same statement, so concurrent uploads cannot pass the cap.
     */
    photoCount: integer("photo_count").notNull().default(0),
    emailScore: integer("email_score"),
    fluxId: text("flux_id").notNull(),
    source: text("source").notNull().default("direct"),
    campid: text("campid"),
    ip: text("ip"),
    ua: text("ua"),
    fingerprint: text("fingerprint"),
    remarketingClickid: text("remarketing_clickid"),
    premiumLevel: integer("premium_level").notNull().default(0),
    messageCredits: integer("crediti_messaggi").notNull().default(0),
    icebreakerCredits: integer("crediti_icebreaker").notNull().default(0),
    likeCredits: integer("crediti_like").notNull().default(0),
    messagePrice: integer("valore_messaggio").notNull().default(10),
    giftMessages: integer("regalo_messaggi"),
    /** Verified by phone: may read blurred replies and see phone numbers. */
    verifiedUser: boolean("verified_user").notNull().default(false),
    pendingMessage: jsonb("messaggio_pending"),
    /**
     * Counts the changes of the balances and the pending message (migrations/0027, a trigger's): the member's
     * room tells whether a purchase's balances came after its own last write (realtime afterPurchase).
     */
    balanceSeq: integer("balance_seq").notNull().default(0),
    customerId: text("customer_id"),
    pushToken: text("push_token"),
    telegramId: text("telegram_id"),
    notifyEmail: boolean("notify_email").notNull().default(true),
    notifyTelegram: boolean("notify_telegram").notNull().default(false),
    notifyPush: boolean("notify_push").notNull().default(false),
    nextBillDate: timestamp("next_bill_date", { withTimezone: true }),
    lastActivity: timestamp("last_activity", { withTimezone: true }),
    disabled: boolean("disabled").notNull().default(false),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    /** Bumped on logout and password change; tokens carrying an older value are refused. */
    sessionVersion: integer("session_version").notNull().default(1),
    /**
     * Bumped by a password change and by disabling (not by logout): reset and auto-login links carry it,
     * so a used reset link is dead while a mailed auto-login link survives an ordinary logout.
     */
    credentialsVersion: integer("credentials_version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the member asked to delete the account (it stopped then); null when none is pending. */
    deletionRequestedAt: timestamp("deletion_requested_at", { withTimezone: true }),
    /** The end of the grace period: a login before it restores the account, the erasure job runs after it. */
    erasureDueAt: timestamp("erasure_due_at", { withTimezone: true }),
    /** Set by the erasure: the row is a pseudonymous shell the kept payment records point to. */
    erasedAt: timestamp("erased_at", { withTimezone: true }),
  },
  (t) => [
    // The erasure job's candidates: deletions whose grace period is over.
    index("accounts_erasure_due_idx")
      .on(t.erasureDueAt)
      .where(sql`${t.erasureDueAt} is not null and ${t.erasedAt} is null`),
    uniqueIndex("accounts_email_brand_key").on(sql`lower(${t.email})`, t.brandId),
    uniqueIndex("accounts_google_sub_brand_key").on(t.brandId, t.googleSub),
    // One phone number verifies one account per brand (the phone is set only by the code's check).
    uniqueIndex("accounts_phone_brand_key").on(t.brandId, t.phone),
    check("accounts_photo_count_not_negative", sql`${t.photoCount} >= 0`),
    check(
      "accounts_credits_not_negative",
      sql`${t.messageCredits} >= 0 and ${t.icebreakerCredits} >= 0 and ${t.likeCredits} >= 0`,
    ),
  ],
);

/**
 * The member's consents as a log: one row per box at sign-up (ticked or not) and one per later change on the
 * profile or by an unsubscribe, each with the version of the text and the time. A consent's state is its
 * newest row (worker/privacy/consents.service.ts).
 */
export const signupConsents = pgTable(
  "signup_consents",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint("account_id", { mode: "number" })
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** terms1 to terms4: the sign-up form's boxes (worker/contracts/consents.ts says what each is). */
    consent: text("consent").notNull(),
    textVersion: text("text_version").notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }).notNull().defaultNow(),
    /** False records a box left unticked or a consent withdrawn. */
    granted: boolean("granted").notNull().default(true),
    /** signup, profile or unsubscribe: where the member said it. */
    source: text("source").notNull().default("signup"),
  },
  (t) => [index("signup_consents_account_idx").on(t.accountId, t.consent, t.id)],
);

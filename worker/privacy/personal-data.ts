// The registry of personal data (DESIGN.md section 9): every table of drizzle/schema/ is declared here, and every
// column of a table that holds a member's data is classified. The data archive (export.service.ts) and the
// erasure (erasure.service.ts) both walk this list, so neither can forget a table; tests/unit/personal-data.test.ts
// fails when a table of the schema is missing, and the types fail when a column of a member table is.
import { type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { accounts, signupConsents } from "../../drizzle/schema/accounts";
import { angelCounts, angels } from "../../drizzle/schema/angels";
import { clientErrors, cookieConsents, postbacks } from "../../drizzle/schema/attribution";
import { messages } from "../../drizzle/schema/chat";
import { creditLedger } from "../../drizzle/schema/credits";
import {
  cohortWeekly,
  funnelDaily,
  memberMilestones,
  moneyDaily,
  payerDays,
  payersAnyDaily,
  payersDaily,
} from "../../drizzle/schema/dashboard";
import { emailDigestItems } from "../../drizzle/schema/digest";
import { dislikes, invites, likes, notifications, visits } from "../../drizzle/schema/engagement";
import { flows, ratePlanPrices, ratePlans } from "../../drizzle/schema/flows";
import { cities, regions } from "../../drizzle/schema/geo";
import { mailOutbox, mailSent, mailSuppressions } from "../../drizzle/schema/mail";
import {
  notificationDaily,
  notificationDeliveries,
  pushOutbox,
  pushSubscriptions,
} from "../../drizzle/schema/notifications";
import { angelPersonaNotes, operators, opsAuditLog } from "../../drizzle/schema/ops";
import {
  maxpayCards,
  mollieCustomers,
  orders,
  payments,
  refunds,
  sandboxTransactions,
  savedCards,
  subscriptions,
} from "../../drizzle/schema/payments";
import { phoneCodes, phoneNumberSends, smsOutbox } from "../../drizzle/schema/phone";
import { memberPhotos } from "../../drizzle/schema/photos";
import { dataExports, deletionCodes, erasureTombstones } from "../../drizzle/schema/privacy";
import { telegramOutbox, telegramTokens } from "../../drizzle/schema/telegram";
import { testimonials } from "../../drizzle/schema/testimonials";
import { bannedEmails, events } from "../../drizzle/schema/tracking";
import { withdrawals } from "../../drizzle/schema/withdrawals";

/**
 * What a column of a member table holds:
 * - `key`: a row id, a foreign key or the member's public handle: in the archive; kept on kept rows.
 * - `personal`: about the member: in the archive; erased (the row deleted, or the value cleared on a kept row).
 * - `secret`: about the member but never handed out (a password hash, a token's or a code's hash): not in the
 *   archive; erased.
 * - `record`: a fact kept by law on a kept row (a payment's amount and date for tax, the proof of an erasure): in
 *   the archive; kept.
 * - `service`: the service's own working value (a version counter, a lease): not in the archive; kept.
 */
export type ColumnUse = "key" | "personal" | "secret" | "record" | "service";

/** The member an archive or an erasure is about: what their rows in each table are found by. */
export interface DataSubject {
  id: number;
  clickid: string;
  brandId: string;
  email: string;
  phone: string | null;
}

type Columns<T extends PgTable> = Record<keyof T["$inferSelect"], ColumnUse>;

/** A table that holds members' rows. */
export interface MemberTable<T extends PgTable = PgTable> {
  name: string;
  table: T;
  /** The member's rows: the condition that finds them. */
  rows: (m: DataSubject) => SQL;
  /**
   * `delete`: the rows go. `pseudonymise`: the rows stay for what the law keeps (payment records for 10 years), their
   * personal columns cleared; the account they point to is a shell with nothing of the person left.
   */
  erasure: "delete" | "pseudonymise";
  /** The archive's file for these rows (`data/{file}.json`), or null for what production never keeps (the outboxes). */
  file: string | null;
  columns: Columns<T>;
  /**
   * On a kept row: the value a personal column that cannot be null and has no default is set to, or a scrub of
   * a kept column (a record's mention of an identifier).
   */
  erasedValues?: Partial<Record<keyof T["$inferSelect"], (m: DataSubject) => SQL>>;
}

/** A table that holds nobody's data among the members, and why. */
export interface OtherTable {
  name: string;
  table: PgTable;
  why: string;
}

const member = <T extends PgTable>(entry: MemberTable<T>): MemberTable => entry as unknown as MemberTable;

/** The payments of the member's orders: a row of theirs through its order. */
const ofOrders = (m: DataSubject) => sql`(select id from orders where account_id = ${m.id})`;
const ofPayments = (m: DataSubject) => sql`(select id from payments where order_id in ${ofOrders(m)})`;
/** A provider's references of the member's payments (their card records at Maxpay, the sandbox's transactions). */
const referencesAt = (m: DataSubject, provider: string) =>
  sql`(select reference from payments where provider = ${provider} and reference is not null and order_id in ${ofOrders(m)})`;

/** Every table that holds members' data, in the order an erasure deletes them (children before parents). */
export const memberTables: readonly MemberTable[] = [
  member({
    name: "signup_consents",
    table: signupConsents,
    rows: (m) => sql`${signupConsents.accountId} = ${m.id}`,
    erasure: "delete",
    file: "consents",
    columns: {
      id: "key",
      accountId: "key",
      consent: "personal",
      textVersion: "personal",
      acceptedAt: "personal",
      granted: "personal",
      source: "personal",
    },
  }),
  member({
    name: "invites",
    table: invites,
    rows: (m) => sql`${invites.accountId} = ${m.id}`,
    erasure: "delete",
    file: "invites",
    columns: {
      id: "key",
      accountId: "key",
      angelId: "personal",
      messageId: "key",
      acceptedAt: "personal",
      createdAt: "personal",
    },
  }),
  member({
    name: "messages",
    table: messages,
    rows: (m) => sql`${messages.accountId} = ${m.id}`,
    erasure: "delete",
    file: "messages",
    columns: {
      id: "key",
      accountId: "key",
      angelId: "personal",
      type: "personal",
      msg: "personal",
      time: "personal",
      letto: "personal",
      blurred: "personal",
      idNotifica: "personal",
      provider: "personal",
      clientId: "personal",
      createdAt: "personal",
    },
  }),
  member({
    name: "likes",
    table: likes,
    rows: (m) => sql`${likes.accountId} = ${m.id}`,
    erasure: "delete",
    file: "likes",
    columns: {
      id: "key",
      accountId: "key",
      angelId: "personal",
      fromAngel: "personal",
      source: "personal",
      createdAt: "personal",
    },
  }),
  member({
    name: "visits",
    table: visits,
    rows: (m) => sql`${visits.accountId} = ${m.id}`,
    erasure: "delete",
    file: "visits",
    columns: {
      id: "key",
      accountId: "key",
      angelId: "personal",
      fromAngel: "personal",
      createdAt: "personal",
    },
  }),
  member({
    name: "dislikes",
    table: dislikes,
    rows: (m) => sql`${dislikes.accountId} = ${m.id}`,
    erasure: "delete",
    file: "dislikes",
    columns: { id: "key", accountId: "key", angelId: "personal", mongoId: "personal", createdAt: "personal" },
  }),
  member({
    name: "notifications",
    table: notifications,
    rows: (m) => sql`${notifications.accountId} = ${m.id}`,
    erasure: "delete",
    file: "notifications",
    columns: {
      id: "key",
      accountId: "key",
      angelId: "personal",
      type: "personal",
      categoriaNotifica: "personal",
      msg: "personal",
      letto: "personal",
      blurred: "personal",
      time: "personal",
    },
  }),
  member({
    // When the member reached each step of the funnel: the counts it fed stay in the rollups, linked to no one.
    name: "member_milestones",
    table: memberMilestones,
    rows: (m) => sql`${memberMilestones.accountId} = ${m.id}`,
    erasure: "delete",
    file: "milestones",
    columns: {
      accountId: "key",
      brandId: "personal",
      fluxId: "personal",
      source: "personal",
      signedUpAt: "personal",
      phoneVerifiedAt: "personal",
      firstMessageAt: "personal",
      firstPaymentAt: "personal",
      firstRenewalAt: "personal",
    },
  }),
  member({
    // The days the member paid: the payments the law keeps stay; the money they fed stays in money_daily, but
    // an erased member no longer counts among a past range's paying members.
    name: "payer_days",
    table: payerDays,
    rows: (m) => sql`${payerDays.accountId} = ${m.id}`,
    erasure: "delete",
    file: "payer_days",
    columns: {
      day: "personal",
      accountId: "key",
      currency: "personal",
      brandId: "personal",
      fluxId: "personal",
      source: "personal",
      revenueCents: "personal",
    },
  }),
  member({
    name: "events",
    table: events,
    rows: (m) => sql`${events.accountId} = ${m.id}`,
    erasure: "delete",
    file: "events",
    columns: {
      id: "key",
      accountId: "key",
      type: "personal",
      angelId: "personal",
      data: "personal",
      createdAt: "personal",
    },
  }),
  member({
    name: "postbacks",
    table: postbacks,
    // The calls made before sign-up carry the same click id, without the account.
    rows: (m) => sql`(${postbacks.accountId} = ${m.id} or ${postbacks.clickid} = ${m.clickid})`,
    erasure: "delete",
    file: "tracking",
    columns: {
      id: "key",
      brandId: "service",
      eventKey: "personal",
      kind: "personal",
      clickid: "key",
      accountId: "key",
      payoutCents: "personal",
      currency: "personal",
      payload: "personal",
      status: "service",
      attempts: "service",
      nextAttemptAt: "service",
      claimedUntil: "service",
      lastError: "service",
      lastStatus: "service",
      sentAt: "personal",
      createdAt: "personal",
    },
  }),
  member({
    name: "cookie_consents",
    table: cookieConsents,
    rows: (m) => sql`${cookieConsents.accountId} = ${m.id}`,
    erasure: "delete",
    file: "cookie_consents",
    columns: {
      id: "key",
      accountId: "key",
      deviceId: "personal",
      brandId: "service",
      policyVersion: "personal",
      analytics: "personal",
      marketing: "personal",
      createdAt: "personal",
    },
  }),
  member({
    name: "member_photos",
    table: memberPhotos,
    rows: (m) => sql`${memberPhotos.accountId} = ${m.id}`,
    erasure: "delete",
    file: "photos",
    columns: {
      id: "key",
      accountId: "key",
      name: "personal",
      contentType: "personal",
      width: "personal",
      height: "personal",
      bytes: "personal",
      createdAt: "personal",
    },
  }),
  member({
    name: "phone_codes",
    table: phoneCodes,
    rows: (m) => sql`${phoneCodes.accountId} = ${m.id}`,
    erasure: "delete",
    file: "phone_codes",
    columns: {
      accountId: "key",
      phone: "personal",
      codeHash: "secret",
      expiresAt: "personal",
      attempts: "personal",
      verifiedAt: "personal",
      sentAt: "personal",
      windowStartedAt: "service",
      sendsInWindow: "service",
    },
  }),
  member({
    name: "phone_number_sends",
    table: phoneNumberSends,
    rows: (m) => sql`${phoneNumberSends.phone} = ${m.phone ?? ""}`,
    erasure: "delete",
    file: null,
    columns: { phone: "personal", sentAt: "personal", windowStartedAt: "service", sendsInWindow: "service" },
  }),
  member({
    name: "sms_outbox",
    table: smsOutbox,
    rows: (m) => sql`${smsOutbox.to} = ${m.phone ?? ""}`,
    erasure: "delete",
    file: null,
    columns: { id: "key", brandId: "service", to: "personal", body: "personal", createdAt: "personal" },
  }),
  member({
    name: "mail_outbox",
    table: mailOutbox,
    rows: (m) => sql`lower(${mailOutbox.to}) = lower(${m.email}) and ${mailOutbox.brandId} = ${m.brandId}`,
    erasure: "delete",
    file: null,
    columns: {
      id: "key",
      brandId: "service",
      template: "personal",
      language: "personal",
      from: "service",
      to: "personal",
      subject: "personal",
      text: "personal",
      html: "personal",
      headers: "personal",
      createdAt: "personal",
    },
  }),
  member({
    name: "push_subscriptions",
    table: pushSubscriptions,
    rows: (m) => sql`${pushSubscriptions.accountId} = ${m.id}`,
    erasure: "delete",
    file: "push_subscriptions",
    columns: {
      id: "key",
      accountId: "key",
      endpoint: "personal",
      // The browser's keys the pushes are encrypted to: of no use to the member, never handed out.
      p256dh: "secret",
      auth: "secret",
      createdAt: "personal",
      refreshedAt: "personal",
    },
  }),
  member({
    name: "notification_deliveries",
    table: notificationDeliveries,
    rows: (m) => sql`${notificationDeliveries.accountId} = ${m.id}`,
    erasure: "delete",
    file: "notifications_sent",
    columns: {
      id: "key",
      notificationId: "key",
      accountId: "key",
      brandId: "service",
      channel: "personal",
      kind: "personal",
      angelId: "personal",
      count: "personal",
      outcome: "personal",
      sentAt: "personal",
      openedAt: "personal",
      cameBackAt: "personal",
    },
  }),
  member({
    name: "push_outbox",
    table: pushOutbox,
    rows: (m) => sql`${pushOutbox.accountId} = ${m.id}`,
    erasure: "delete",
    file: null,
    columns: {
      id: "key",
      brandId: "service",
      accountId: "key",
      endpoint: "personal",
      payload: "personal",
      createdAt: "personal",
    },
  }),
  member({
    name: "mail_suppressions",
    table: mailSuppressions,
    rows: (m) => sql`${mailSuppressions.email} = lower(${m.email})`,
    erasure: "delete",
    file: "mail_suppressions",
    columns: { email: "personal", reason: "personal", createdAt: "personal" },
  }),
  member({
    name: "mail_sent",
    table: mailSent,
    rows: (m) => sql`${mailSent.accountId} = ${m.id}`,
    erasure: "delete",
    file: "mails_sent",
    columns: { id: "key", accountId: "key", template: "personal", sentAt: "personal" },
  }),
  member({
    name: "email_digest_items",
    table: emailDigestItems,
    rows: (m) => sql`${emailDigestItems.accountId} = ${m.id}`,
    erasure: "delete",
    file: "notification_digest",
    columns: {
      id: "key",
      accountId: "key",
      notificationId: "key",
      kind: "personal",
      angelId: "personal",
      angelName: "personal",
      count: "personal",
      path: "personal",
      locale: "personal",
      createdAt: "personal",
      sentAt: "personal",
    },
  }),
  member({
    name: "telegram_tokens",
    table: telegramTokens,
    rows: (m) => sql`${telegramTokens.accountId} = ${m.id}`,
    erasure: "delete",
    file: "telegram_links",
    columns: {
      tokenHash: "secret",
      purpose: "personal",
      accountId: "key",
      path: "personal",
      expiresAt: "personal",
      usedAt: "personal",
      createdAt: "personal",
    },
  }),
  member({
    name: "telegram_outbox",
    table: telegramOutbox,
    // The chat the member linked (the outbox is local only; production keeps nothing here).
    rows: (m) =>
      sql`${telegramOutbox.brandId} = ${m.brandId} and ${telegramOutbox.chatId} in (select telegram_id from accounts where id = ${m.id} and telegram_id is not null)`,
    erasure: "delete",
    file: null,
    columns: { id: "key", brandId: "service", chatId: "personal", text: "personal", createdAt: "personal" },
  }),
  member({
    name: "data_exports",
    table: dataExports,
    rows: (m) => sql`${dataExports.accountId} = ${m.id}`,
    erasure: "delete",
    file: "data_requests",
    columns: {
      id: "key",
      accountId: "key",
      tokenHash: "secret",
      createdAt: "personal",
      expiresAt: "personal",
      downloadedAt: "personal",
    },
  }),
  member({
    name: "deletion_codes",
    table: deletionCodes,
    rows: (m) => sql`${deletionCodes.accountId} = ${m.id}`,
    erasure: "delete",
    file: null,
    columns: {
      accountId: "key",
      codeHash: "secret",
      expiresAt: "personal",
      attempts: "personal",
      sentAt: "personal",
    },
  }),
  member({
    name: "maxpay_cards",
    table: maxpayCards,
    rows: (m) => sql`${maxpayCards.reference} in ${referencesAt(m, "maxpay")}`,
    erasure: "delete",
    file: null,
    columns: {
      reference: "key",
      brand: "personal",
      last4: "personal",
      expMonth: "personal",
      expYear: "personal",
      kept: "personal",
      createdAt: "personal",
    },
  }),
  member({
    name: "mollie_customers",
    table: mollieCustomers,
    rows: (m) => sql`${mollieCustomers.shopperReference} = ${`member-${m.id}`}`,
    erasure: "delete",
    file: null,
    columns: { shopperReference: "key", customerId: "personal", createdAt: "personal" },
  }),
  // Kept rows first cleared, then the cards they pointed to deleted (subscriptions.saved_card_id).
  member({
    name: "subscriptions",
    table: subscriptions,
    rows: (m) => sql`${subscriptions.accountId} = ${m.id}`,
    erasure: "pseudonymise",
    file: "subscriptions",
    columns: {
      id: "key",
      accountId: "key",
      orderId: "key",
      savedCardId: "personal",
      status: "record",
      currentPeriodEnd: "record",
      cancelAtPeriodEnd: "record",
      renewalFailures: "record",
      nextAttemptAt: "service",
      createdAt: "record",
    },
  }),
  member({
    name: "saved_cards",
    table: savedCards,
    rows: (m) => sql`${savedCards.accountId} = ${m.id}`,
    erasure: "delete",
    file: "saved_cards",
    columns: {
      id: "key",
      accountId: "key",
      provider: "personal",
      token: "secret",
      kind: "personal",
      brand: "personal",
      last4: "personal",
      expMonth: "personal",
      expYear: "personal",
      label: "personal",
      createdAt: "personal",
    },
  }),
  member({
    name: "orders",
    table: orders,
    rows: (m) => sql`${orders.accountId} = ${m.id}`,
    erasure: "pseudonymise",
    file: "orders",
    columns: {
      id: "key",
      accountId: "key",
      brandId: "record",
      fluxId: "service",
      kind: "record",
      planList: "record",
      productId: "record",
      plan: "record",
      amountCents: "record",
      currency: "record",
      createdAt: "record",
      performanceConsentAt: "record",
      performanceConsentVersion: "record",
    },
  }),
  member({
    name: "payments",
    table: payments,
    rows: (m) => sql`${payments.orderId} in ${ofOrders(m)}`,
    erasure: "pseudonymise",
    file: "payments",
    columns: {
      id: "key",
      orderId: "key",
      purpose: "record",
      provider: "record",
      method: "record",
      idempotencyKey: "service",
      reference: "record",
      status: "record",
      errorCode: "record",
      amountCents: "record",
      cardBrand: "personal",
      cardLast4: "personal",
      periodEnd: "record",
      grantedAt: "record",
      checkedAt: "service",
      createdAt: "record",
      updatedAt: "record",
    },
  }),
  member({
    name: "refunds",
    table: refunds,
    rows: (m) => sql`${refunds.paymentId} in ${ofPayments(m)}`,
    erasure: "pseudonymise",
    file: "refunds",
    columns: {
      id: "key",
      paymentId: "key",
      amountCents: "record",
      operatorId: "service",
      reason: "record",
      createdAt: "record",
    },
  }),
  member({
    name: "withdrawals",
    table: withdrawals,
    rows: (m) => sql`${withdrawals.accountId} = ${m.id}`,
    erasure: "pseudonymise",
    file: "withdrawals",
    columns: {
      id: "key",
      accountId: "key",
      paymentId: "key",
      kind: "record",
      refundCents: "record",
      used: "record",
      bought: "record",
      status: "record",
      refundId: "key",
      createdAt: "record",
      updatedAt: "record",
    },
  }),
  member({
    name: "credit_ledger",
    table: creditLedger,
    rows: (m) => sql`${creditLedger.accountId} = ${m.id}`,
    erasure: "pseudonymise",
    file: "credit_ledger",
    columns: {
      id: "key",
      accountId: "key",
      balance: "record",
      delta: "record",
      balanceAfter: "record",
      reason: "record",
      reference: "record",
      createdAt: "record",
    },
  }),
  member({
    name: "ops_audit_log",
    table: opsAuditLog,
    rows: (m) => sql`${opsAuditLog.accountId} = ${m.id}`,
    erasure: "pseudonymise",
    file: null,
    columns: {
      id: "key",
      operatorId: "service",
      action: "record",
      accountId: "key",
      angelId: "record",
      details: "record",
      createdAt: "record",
    },
    // A console refund's entry names the member's clickid: the kept entry names the account id only.
    erasedValues: { details: () => sql`${opsAuditLog.details} - 'clickid'` },
  }),
  // Last: the account becomes the shell the kept records point to.
  member({
    name: "accounts",
    table: accounts,
    rows: (m) => sql`${accounts.id} = ${m.id}`,
    erasure: "pseudonymise",
    file: "account",
    columns: {
      id: "key",
      clickid: "key",
      brandId: "record",
      email: "personal",
      passwordHash: "secret",
      googleSub: "personal",
      confirmedEmail: "personal",
      country: "record",
      region: "personal",
      city: "personal",
      provincia: "personal",
      eta: "personal",
      sono: "personal",
      cerco: "personal",
      username: "personal",
      surname: "personal",
      descrizione: "personal",
      cosaCerco: "personal",
      phone: "personal",
      preferredAge: "personal",
      defaultPhoto: "personal",
      emailScore: "personal",
      fluxId: "service",
      source: "personal",
      campid: "personal",
      ip: "personal",
      ua: "personal",
      fingerprint: "personal",
      remarketingClickid: "personal",
      premiumLevel: "record",
      creditiMessaggi: "record",
      creditiIcebreaker: "record",
      creditiLike: "record",
      valoreMessaggio: "service",
      regaloMessaggi: "personal",
      verifiedUser: "personal",
      messaggioPending: "personal",
      customerId: "personal",
      pushToken: "personal",
      telegramId: "personal",
      notifyEmail: "personal",
      notifyTelegram: "personal",
      notifyPush: "personal",
      nextBillDate: "personal",
      lastActivity: "personal",
      disabled: "service",
      disabledAt: "service",
      sessionVersion: "service",
      credentialsVersion: "service",
      photoCount: "service",
      createdAt: "record",
      deletionRequestedAt: "record",
      erasureDueAt: "record",
      erasedAt: "record",
    },
    // The shell keeps unique, non-null identifiers that name nobody: the old ones are tombstoned (erasure.service).
    erasedValues: {
      // The photos are gone with the erasure: the cap's count with them.
      photoCount: () => sql`0`,
      clickid: (m) => sql`${`erased-${m.id}`}`,
      email: (m) => sql`${`erased-${m.id}@erased.invalid`}`,
      sono: () => sql`''`,
      cerco: () => sql`''`,
      // Its default is on: a shell has no channel.
      notifyEmail: () => sql`false`,
    },
  }),
];

/** Tables that hold no member's data, each with the reason. */
export const otherTables: readonly OtherTable[] = [
  { name: "funnel_daily", table: funnelDaily, why: "the dashboard's counts per day, brand, flow and source" },
  {
    name: "money_daily",
    table: moneyDaily,
    why: "the dashboard's sums per day, brand, flow, source and provider",
  },
  {
    name: "cohort_weekly",
    table: cohortWeekly,
    why: "the dashboard's counts of first payers per sign-up week",
  },
  {
    name: "payers_daily",
    table: payersDaily,
    why: "the dashboard's counts of paying members per day, currency and previous paying day: no member in them",
  },
  {
    name: "payers_any_daily",
    table: payersAnyDaily,
    why: "the dashboard's counts of paying members per day and previous paying day, in any currency",
  },
  { name: "angels", table: angels, why: "the fictional profiles run by operators" },
  { name: "angel_counts", table: angelCounts, why: "counts of angels per place" },
  { name: "flows", table: flows, why: "the flows' configuration" },
  { name: "rate_plans", table: ratePlans, why: "the plans on sale" },
  { name: "rate_plan_prices", table: ratePlanPrices, why: "the plans' past prices, for honest reductions" },
  { name: "regions", table: regions, why: "the list of regions" },
  {
    name: "notification_daily",
    table: notificationDaily,
    why: "counts of notifications sent, opened and followed per brand, channel and day: no member in them",
  },
  { name: "cities", table: cities, why: "the list of cities" },
  {
    name: "testimonials",
    table: testimonials,
    why: "reviews shown on the home page (samples or supplied by a brand)",
  },
  { name: "operators", table: operators, why: "the staff's console accounts, not members" },
  {
    name: "angel_persona_notes",
    table: angelPersonaNotes,
    why: "operators' notes about the fictional profiles",
  },
  {
    name: "client_errors",
    table: clientErrors,
    why: "browsers' error reports scrubbed of addresses, numbers and tokens before they are stored, with no account or device",
  },
  {
    name: "banned_emails",
    table: bannedEmails,
    why: "addresses and domains refused at sign-up by the staff: a blocklist, linked to no account",
  },
  {
    name: "erasure_tombstones",
    table: erasureTombstones,
    why: "keyed hashes of erased identifiers: they cannot be turned back into the values or linked to a person",
  },
  {
    name: "sandbox_transactions",
    table: sandboxTransactions,
    why: "the built-in sandbox provider's own records (local runs only), as a real provider keeps them on its side",
  },
];

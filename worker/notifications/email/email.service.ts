// The e-mail channel: each notification handed over waits in the member's digest; the Worker's cron sends one
// mail per member per digest window through the mail adapter (worker/mail), in the member's language, with
// List-Unsubscribe (RFC 8058 one-click) for this channel. Notification mails are service mails: they depend
// on the member's e-mail choice (notifyEmail), which bounces, complaints and /cron/mailRemove turn off, not on
// the marketing consents. A failed payment or a renewal's outcome does not wait for the window.
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { accounts } from "../../../drizzle/schema/accounts";
import { emailDigestItems } from "../../../drizzle/schema/digest";
import { mailSuppressions } from "../../../drizzle/schema/mail";
import { brandOf } from "../../brands/registry";
import { brandWithCompany } from "../../brands/resolve";
import type { Config } from "../../config";
import { Locale } from "../../contracts/locales";
import type { Db } from "../../core/db";
import { errorName, logEvent } from "../../core/log";
import { sendMail } from "../../mail/mail.service";
import type { ChannelContext, DeliveryOutcome, NotificationChannel, NotificationKind } from "../channel";
import { digestText } from "./digest-lines";
import { signUnsubscribe, unsubscribeHeaders } from "./unsubscribe";

export const DIGEST_TEMPLATE = "notification_digest";
/** Members a cron run mails at most: the rest wait for the next run, 15 minutes on. */
export const DIGESTS_PER_RUN = 500;
/** What a member must hear of without waiting for the window. */
const URGENT: readonly NotificationKind[] = ["purch_ko", "renewal"];

/** The member as the channel needs him, or null when mail to him is off (choice, state or suppression). */
async function mailableMember(db: Db, accountId: number) {
  const [member] = await db
    .select({
      id: accounts.id,
      email: accounts.email,
      brandId: accounts.brandId,
      on: accounts.notifyEmail,
      disabled: accounts.disabled,
      erasedAt: accounts.erasedAt,
      deletionRequestedAt: accounts.deletionRequestedAt,
      suppressed: mailSuppressions.email,
    })
    .from(accounts)
    .leftJoin(mailSuppressions, eq(mailSuppressions.email, sql`lower(${accounts.email})`))
    .where(eq(accounts.id, accountId));
  if (!member?.on || member.disabled || member.erasedAt || member.deletionRequestedAt || member.suppressed) {
    return null;
  }
  return member;
}

export const emailChannel: NotificationChannel = {
  name: "email",
  async send(ctx: ChannelContext, n): Promise<DeliveryOutcome> {
    const member = await mailableMember(ctx.db, n.accountId);
    if (!member || member.brandId !== ctx.brand.public.id) return "skipped";
    const row = {
      accountId: n.accountId,
      notificationId: n.id,
      kind: n.kind,
      angelId: n.angel?.id ?? null,
      angelName: n.angel?.name ?? null,
      count: n.count,
      path: n.path,
      locale: n.locale,
    };
    // The same notification handed over again (its count grown) is the same line, until it has been mailed.
    await ctx.db
      .insert(emailDigestItems)
      .values(row)
      .onConflictDoUpdate({
        target: [emailDigestItems.accountId, emailDigestItems.notificationId],
        set: { count: row.count, angelName: row.angelName, locale: row.locale, path: row.path },
        setWhere: isNull(emailDigestItems.sentAt),
      });
    if (URGENT.includes(n.kind)) {
      const sent = await sendDigest(ctx.config, ctx.db, n.accountId).catch((error: unknown) => {
        logEvent("error", "digest.failed", { accountId: n.accountId, error: errorName(error) });
        return "failed" as const;
      });
      return sent === "failed" ? "failed" : "sent";
    }
    return "sent";
  },
};

/**
 * Mails the member's waiting notifications as one digest, now. The lines are claimed first (marked sent) so
 * two runs never mail them twice; a mail that fails gives them back for the next run.
 */
export async function sendDigest(
  config: Config,
  db: Db,
  accountId: number,
): Promise<"sent" | "none" | "failed"> {
  const claimed = await db
    .update(emailDigestItems)
    .set({ sentAt: sql`now()` })
    .where(and(eq(emailDigestItems.accountId, accountId), isNull(emailDigestItems.sentAt)))
    .returning();
  if (claimed.length === 0) return "none";
  // The choice may have changed since the lines were handed over: then they are dropped, not mailed.
  const member = await mailableMember(db, accountId);
  if (!member) return "none";
  claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
  const newest = claimed[claimed.length - 1];
  const language = Locale.safeParse(newest?.locale).data ?? brandOf(member.brandId).public.language;
  const brand = brandWithCompany(brandOf(member.brandId), config);
  const origin = `https://${brand.public.domain}`;
  const token = await signUnsubscribe(config.jwtSecret, { accountId, channel: "email" });
  const unsubscribe = `${origin}/api/notifications/unsubscribe?token=${token}`;
  const mailto = `mailto:${brand.public.email}?subject=${encodeURIComponent(`unsubscribe ${member.id}`)}`;
  try {
    await sendMail(
      { config, db, brand },
      {
        template: DIGEST_TEMPLATE,
        to: member.email,
        language,
        // One conversation: its chat; several: the list of chats.
        link: `${origin}${new Set(claimed.map((i) => i.path)).size === 1 ? (newest?.path ?? "/chats") : "/chats"}`,
        facts: { digest: digestText(language, claimed, brand.public.title), unsubscribe },
        accountId,
        headers: unsubscribeHeaders(unsubscribe, mailto),
      },
    );
    return "sent";
  } catch (error) {
    await db
      .update(emailDigestItems)
      .set({ sentAt: null })
      .where(
        inArray(
          emailDigestItems.id,
          claimed.map((i) => i.id),
        ),
      );
    throw error;
  }
}

/**
 * The cron's step: every member with waiting lines whose last digest is older than the window gets one now.
 * Answers how many digests went out.
 */
export async function runDigests(config: Config, db: Db, now: Date): Promise<number> {
  const since = new Date(now.getTime() - config.emailDigest.windowMs);
  const due = await db
    .selectDistinct({ accountId: emailDigestItems.accountId })
    .from(emailDigestItems)
    .where(
      and(
        isNull(emailDigestItems.sentAt),
        sql`not exists (select 1 from mail_sent s where s.account_id = ${emailDigestItems.accountId}
          and s.template = ${DIGEST_TEMPLATE} and s.sent_at > ${since.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(asc(emailDigestItems.accountId))
    .limit(DIGESTS_PER_RUN);
  let sent = 0;
  for (const { accountId } of due) {
    const outcome = await sendDigest(config, db, accountId).catch((error: unknown) => {
      logEvent("error", "digest.failed", { accountId, error: errorName(error) });
      return "failed" as const;
    });
    if (outcome === "sent") sent++;
  }
  if (due.length) logEvent("info", "digest.run", { due: due.length, sent });
  return sent;
}

/** The one-click unsubscribe: the channel is off for the member (the token said which). */
export async function turnChannelOff(db: Db, accountId: number, channel: "email" | "telegram" | "push") {
  const set =
    channel === "email"
      ? { notifyEmail: false }
      : channel === "telegram"
        ? { notifyTelegram: false }
        : { notifyPush: false };
  const rows = await db
    .update(accounts)
    .set(set)
    .where(eq(accounts.id, accountId))
    .returning({ id: accounts.id });
  return rows.length > 0;
}

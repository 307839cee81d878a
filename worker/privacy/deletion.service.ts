// "Delete my account" (GDPR art. 17): confirmed with the password, or with a code mailed to a member who has
// none (signed up with Google). The account stops at once: every session ends (and the room closes the
// sockets), renewals stop, the notification channels are unlinked. It is erased by the cron job after the
// grace period (erasure.service.ts); a login before then restores it.
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { accounts } from "../../drizzle/schema/accounts";
import { pushSubscriptions } from "../../drizzle/schema/notifications";
import { deletionCodes } from "../../drizzle/schema/privacy";
import type { Account, AuthContext } from "../auth/auth.service";
import { formatDate } from "../core/dates";
import type { Db } from "../core/db";
import { AppError } from "../core/errors";
import { hmacHex } from "../core/hmac";
import { errorName, logEvent } from "../core/log";
import { verifyPassword } from "../core/password";
import { sendMail } from "../mail/mail.service";
import { unsubscribe } from "../payments/subscriptions.service";
import { auditRight } from "./audit.service";
import { DELETION_CODE_MAX_ATTEMPTS, DELETION_CODE_TTL_MS, days } from "./rights.config";

/** At most one deletion code a minute to an account (the mailbox is not to be flooded). */
const CODE_SPACING_MS = 60_000;

export const deletionErrors = {
  wrongPassword: () =>
    new AppError(400, "wrong_password", "The password is not right.", {
      field: "password",
      messageKey: "elimina_password_errata",
    }),
  passwordRequired: () =>
    new AppError(400, "invalid_input", "Enter your password.", {
      field: "password",
      messageKey: "elimina_password_errata",
    }),
  wrongCode: () =>
    new AppError(400, "wrong_code", "The code is not right or has expired.", {
      field: "code",
      messageKey: "elimina_codice_errato",
    }),
  tooManyTries: () =>
    new AppError(429, "too_many_tries", "Too many wrong codes: ask for a new one.", {
      field: "code",
      messageKey: "elimina_codice_troppi",
    }),
  codeSpacing: (retryAfterS: number) =>
    new AppError(429, "too_many_attempts", "A code was sent less than a minute ago.", {
      messageKey: "troppi_tentativi",
      retryAfterS,
    }),
  hasPassword: () =>
    new AppError(400, "password_account", "This account is confirmed with its password.", {
      field: "password",
      messageKey: "elimina_password_errata",
    }),
};

const CODE_DIGITS = 6;
function newCode(): string {
  const limit = 2 ** 32 - (2 ** 32 % 10 ** CODE_DIGITS);
  const draw = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(draw);
    const value = draw[0] ?? limit;
    if (value < limit) return String(value % 10 ** CODE_DIGITS).padStart(CODE_DIGITS, "0");
  }
}
const codeHash = (secret: string, accountId: number, code: string) =>
  hmacHex(secret, `deletion-code:v1:${accountId}:${code}`);

/** Mails a code that confirms the deletion, to a member without a password; one a minute at most. */
export async function sendDeletionCode(ctx: AuthContext, account: Account): Promise<void> {
  if (account.passwordHash) throw deletionErrors.hasPassword();
  const [last] = await ctx.db
    .select({ sentAt: deletionCodes.sentAt })
    .from(deletionCodes)
    .where(eq(deletionCodes.accountId, account.id));
  const wait = last ? last.sentAt.getTime() + CODE_SPACING_MS - Date.now() : 0;
  if (wait > 0) throw deletionErrors.codeSpacing(Math.ceil(wait / 1000));
  const code = newCode();
  const values = {
    codeHash: await codeHash(ctx.config.jwtSecret, account.id, code),
    expiresAt: new Date(Date.now() + DELETION_CODE_TTL_MS),
    attempts: 0,
    sentAt: new Date(),
  };
  await ctx.db
    .insert(deletionCodes)
    .values({ accountId: account.id, ...values })
    .onConflictDoUpdate({ target: deletionCodes.accountId, set: values });
  await sendMail(ctx, {
    template: "deletion_code",
    to: account.email,
    language: ctx.brand.public.language,
    link: `${ctx.origin}/profile`,
    facts: { code },
    accountId: account.id,
  });
}

/** A code's check: counted in one conditional update, so concurrent tries cannot pass the limit. */
async function checkCode(ctx: AuthContext, account: Account, code: string): Promise<void> {
  const [row] = await ctx.db
    .update(deletionCodes)
    .set({ attempts: sql`${deletionCodes.attempts} + 1` })
    .where(
      and(
        eq(deletionCodes.accountId, account.id),
        gt(deletionCodes.expiresAt, new Date()),
        sql`${deletionCodes.attempts} < ${DELETION_CODE_MAX_ATTEMPTS}`,
      ),
    )
    .returning({ codeHash: deletionCodes.codeHash });
  if (!row) {
    const [spent] = await ctx.db
      .select({ attempts: deletionCodes.attempts })
      .from(deletionCodes)
      .where(eq(deletionCodes.accountId, account.id));
    if (spent && spent.attempts >= DELETION_CODE_MAX_ATTEMPTS) throw deletionErrors.tooManyTries();
    throw deletionErrors.wrongCode();
  }
  if (row.codeHash !== (await codeHash(ctx.config.jwtSecret, account.id, code)))
    throw deletionErrors.wrongCode();
  await ctx.db.delete(deletionCodes).where(eq(deletionCodes.accountId, account.id));
}

/** What confirms a deletion: the password, or (members without one) the mailed code. */
export type DeletionProof = { password?: string; code?: string };

/**
 * Stops the account at once and schedules its erasure after the grace period. Answers the erasure's date.
 * The caller ends the room's sockets (the sessions end here with the session version).
 */
export async function requestDeletion(
  ctx: AuthContext,
  account: Account,
  proof: DeletionProof,
): Promise<Date> {
  if (account.passwordHash) {
    if (!proof.password) throw deletionErrors.passwordRequired();
    const { valid } = await verifyPassword(proof.password, account.passwordHash);
    if (!valid) throw deletionErrors.wrongPassword();
  } else {
    if (!proof.code) throw deletionErrors.wrongCode();
    await checkCode(ctx, account, proof.code);
  }
  const dueAt = new Date(Date.now() + days(ctx.config.rights.deletionGraceDays));
  await ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(accounts).where(eq(accounts.id, account.id)).for("update");
    // Renewals stop as with the unsubscribe button; what was paid for runs to its end if the account comes back.
    if (locked) await unsubscribe(tx, locked);
    await tx
      .update(accounts)
      .set({
        disabled: true,
        disabledAt: new Date(),
        deletionRequestedAt: new Date(),
        erasureDueAt: dueAt,
        sessionVersion: sql`${accounts.sessionVersion} + 1`,
        credentialsVersion: sql`${accounts.credentialsVersion} + 1`,
        // The notification channels are unlinked: nothing reaches the member any more.
        notifyEmail: false,
        notifyTelegram: false,
        notifyPush: false,
        pushToken: null,
        telegramId: null,
      })
      .where(eq(accounts.id, account.id));
    // Its browsers' push subscriptions too: a push service address is of no use to a stopped account.
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.accountId, account.id));
    await auditRight(tx, "deletion_requested", account.id, {
      dueAt: dueAt.toISOString(),
      confirmedWith: account.passwordHash ? "password" : "code",
    });
  });
  logEvent("info", "privacy.deletion_requested", { accountId: account.id });
  try {
    await sendMail(ctx, {
      template: "deletion_requested",
      to: account.email,
      language: ctx.brand.public.language,
      link: `${ctx.origin}/login`,
      facts: { date: formatDate(dueAt, ctx.brand.public.language, "day") },
      accountId: account.id,
    });
  } catch (error) {
    // The deletion stands; the page told the member the same.
    logEvent("error", "privacy.deletion_mail_failed", { accountId: account.id, error: errorName(error) });
  }
  return dueAt;
}

/** A deletion waiting for its erasure: a login (password or Google) restores the account. */
export const deletionPending = (account: Account, now = new Date()) =>
  account.deletionRequestedAt !== null &&
  account.erasedAt === null &&
  account.erasureDueAt !== null &&
  account.erasureDueAt.getTime() > now.getTime();

/**
 * Restores an account whose deletion is pending, at a successful login: it works again as before (the plan
 * stays cancelled; the notification channels stay off until the member turns them on). Answers the account.
 */
export async function restoreAccount(db: Db, account: Account): Promise<Account> {
  const [restored] = await db
    .update(accounts)
    .set({ disabled: false, disabledAt: null, deletionRequestedAt: null, erasureDueAt: null })
    .where(and(eq(accounts.id, account.id), isNull(accounts.erasedAt), gt(accounts.erasureDueAt, new Date())))
    .returning();
  if (!restored) return account;
  await auditRight(db, "deletion_restored", account.id, {
    requestedAt: account.deletionRequestedAt?.toISOString() ?? null,
  });
  logEvent("info", "privacy.deletion_restored", { accountId: account.id });
  return restored;
}

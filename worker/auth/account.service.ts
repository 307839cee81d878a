import { eq, sql } from "drizzle-orm";
import { accounts } from "../../drizzle/schema/accounts";
import { AppError } from "../core/errors";
import { logEvent } from "../core/log";
import { UNSUBSCRIBED_LEVEL, unsubscribe } from "../payments/subscriptions.service";
import { consume } from "../ratelimit/rate-limit.service";
import {
  type Account,
  type AuthContext,
  findByEmail,
  isValidEmail,
  normaliseEmail,
  resendWaitS,
  signupErrors,
} from "./auth.service";
import { recoveryErrors } from "./recovery.service";
import { isUniqueViolation, sendActivation } from "./signup.service";

export const changeEmailErrors = {
  invalid: () =>
    new AppError(400, "1004", "Invalid e-mail, check punctuation and spaces-1004", {
      field: "newEmail",
      messageKey: "errore_email",
    }),
  same: () =>
    new AppError(400, "errore_stessa_mail", "The new e-mail is the same as the current one.", {
      field: "newEmail",
      messageKey: "errore_stessa_mail",
    }),
  exists: () =>
    new AppError(409, "1000", "The chosen e-mail already exists-1000", {
      field: "newEmail",
      messageKey: "email_esistente",
    }),
};

/**
 * The double opt-in popup's change of address: not empty, a valid address, not the current one, not
 * another member's; the new address is unconfirmed and gets the activation mail again.
 */
export async function changeEmail(
  ctx: AuthContext,
  account: Account,
  newEmailInput: string,
): Promise<Account> {
  const newEmail = normaliseEmail(newEmailInput);
  if (!newEmail || !isValidEmail(newEmail)) throw changeEmailErrors.invalid();
  if (newEmail === normaliseEmail(account.email)) throw changeEmailErrors.same();
  if (await findByEmail(ctx.db, ctx.brand, newEmail)) throw changeEmailErrors.exists();
  let updated: Account | undefined;
  try {
    [updated] = await ctx.db
      .update(accounts)
      .set({ email: newEmail, confirmedEmail: false })
      .where(eq(accounts.id, account.id))
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw changeEmailErrors.exists();
    throw error;
  }
  if (!updated) throw new Error("account vanished during the e-mail change");
  await sendActivation(ctx, updated);
  return updated;
}

/**
 * Disables the profile: it is no longer visible and cannot use the service or its credits; every session
 * ends. A premium member above level 1 is also unsubscribed (back to level 1, no next bill).
 */
export async function disableProfile(ctx: AuthContext, account: Account): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(accounts).where(eq(accounts.id, account.id)).for("update");
    // The plan stops renewing as with the unsubscribe button (level 1, ledger row, no next bill).
    if (locked && locked.premiumLevel > UNSUBSCRIBED_LEVEL) await unsubscribe(tx, locked);
    await tx
      .update(accounts)
      .set({
        disabled: true,
        disabledAt: new Date(),
        sessionVersion: sql`${accounts.sessionVersion} + 1`,
        credentialsVersion: sql`${accounts.credentialsVersion} + 1`,
      })
      .where(eq(accounts.id, account.id));
  });
  logEvent("info", "auth.profile_disabled", {
    accountId: account.id,
    unsubscribed: account.premiumLevel > 1,
  });
}

/** The double opt-in popup's "send it again": at most once per 5 minutes (code 1009 inside them). */
export async function resendActivation(ctx: AuthContext, account: Account): Promise<void> {
  if (account.confirmedEmail) {
    throw new AppError(400, "already_confirmed", "This address is already confirmed.", {
      messageKey: "email_gia_confermata",
    });
  }
  const wait = await resendWaitS(ctx.db, account.id);
  if (wait > 0) throw signupErrors.welcomeAlreadySent(wait);
  await sendActivation(ctx, account);
}

/**
 * The sign-up page's "send it again" after a 1009, for a visitor who gives the address: limited per
 * network first (before any lookup), then per address as in the popup.
 */
export async function resendActivationTo(ctx: AuthContext, email: string): Promise<void> {
  if (!(await consume(ctx.env, "activationPerIp", ctx.ip))) {
    throw new AppError(429, "too_many_attempts", "Too many activation requests from this network.", {
      messageKey: "troppi_tentativi",
    });
  }
  const account = await findByEmail(ctx.db, ctx.brand, email);
  if (!account || account.disabled) throw recoveryErrors.unknownAddress();
  await resendActivation(ctx, account);
}

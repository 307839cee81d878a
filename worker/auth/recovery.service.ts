import { and, eq, sql } from "drizzle-orm";
import { accounts } from "../../drizzle/schema/accounts";
import { PASSWORD_MIN_LENGTH } from "../contracts/auth";
import { AppError } from "../core/errors";
import { hashPassword } from "../core/password";
import { signToken, verifyToken } from "../core/tokens";
import { sendMail } from "../mail/mail.service";
import { consume } from "../ratelimit/rate-limit.service";
import {
  type Account,
  type AuthContext,
  findByEmail,
  mailSentRecently,
  normaliseEmail,
} from "./auth.service";
import { loginErrors } from "./login.service";

export const recoveryErrors = {
  unknownAddress: () =>
    new AppError(404, "utente_inesistente", "The entered address does not exist.", {
      field: "email",
      messageKey: "utente_inesistente",
    }),
  /** A reset mail went to this address less than 5 minutes ago: the spec's 1009, as for the activation. */
  sentRecently: () =>
    new AppError(409, "1009", "A reset e-mail was sent a moment ago, check your inbox and spam folder-1009", {
      field: "email",
      messageKey: "errore_reset_inviato",
    }),
  tooMany: () =>
    new AppError(429, "too_many_attempts", "Too many reset requests from this network, try again later.", {
      messageKey: "troppi_tentativi",
    }),
  shortPassword: () =>
    new AppError(400, "invalid_input", "The password is too short.", {
      field: "password",
      messageKey: "errore_password",
    }),
};

/** Forgot password: mails a reset link (one hour, single use) to a live account of this brand. */
export async function requestPasswordReset(ctx: AuthContext, email: string): Promise<void> {
  if (!email.trim()) {
    throw new AppError(400, "invalid_input", "The e-mail is required.", {
      field: "email",
      messageKey: "errore_email",
    });
  }
  // Per network first (before an address is looked up), then per address: no mail bombing either way.
  if (!(await consume(ctx.env, "forgotPerIp", ctx.ip))) throw recoveryErrors.tooMany();
  const account = await findByEmail(ctx.db, ctx.brand, email);
  if (!account || account.disabled) throw recoveryErrors.unknownAddress();
  if (await mailSentRecently(ctx.db, account.id, "reset_password")) throw recoveryErrors.sentRecently();
  const token = await signToken(ctx.config.jwtSecret, "reset", {
    accountId: account.id,
    clickid: account.clickid,
    sessionVersion: account.credentialsVersion,
  });
  const query = new URLSearchParams({ token, email: account.email });
  await sendMail(ctx, {
    template: "reset_password",
    to: account.email,
    language: ctx.brand.public.language,
    link: `${ctx.origin}/resetPassword?${query}`,
    accountId: account.id,
  });
}

/**
 * Sets a new password from a reset link. The link carries the credentials version, and the change moves
 * it on in the same conditional update: the link works once. Every earlier session ends too.
 */
export async function resetPassword(
  ctx: AuthContext,
  input: { token: string; email: string; password: string },
): Promise<Account> {
  if (input.password.length < PASSWORD_MIN_LENGTH) throw recoveryErrors.shortPassword();
  const claims = await verifyToken(ctx.config.jwtSecret, "reset", input.token);
  if (!claims) throw loginErrors.linkExpired();
  const passwordHash = await hashPassword(input.password);
  const [account] = await ctx.db
    .update(accounts)
    .set({
      passwordHash,
      sessionVersion: sql`${accounts.sessionVersion} + 1`,
      credentialsVersion: sql`${accounts.credentialsVersion} + 1`,
    })
    .where(
      and(
        eq(accounts.id, claims.accountId),
        eq(accounts.brandId, ctx.brand.public.id),
        eq(accounts.credentialsVersion, claims.sessionVersion),
        eq(accounts.disabled, false),
        sql`lower(${accounts.email}) = ${normaliseEmail(input.email)}`,
      ),
    )
    .returning();
  if (!account) throw loginErrors.linkExpired();
  return account;
}

// What every way in (sign-up, login, links, Google) hands the client, and the request's auth context.
import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { accounts } from "../../drizzle/schema/accounts";
import type { Session } from "../contracts/auth";
import { clientFlow } from "../contracts/flow";
import type { VerifyResponse } from "../contracts/verify";
import { unauthorized } from "../core/errors";
import { loadFlow } from "../core/flows";
import { verifyToken } from "../core/tokens";
import type { AppEnv } from "../env";
import { clientIp } from "../ratelimit/rate-limit.service";
import { type Account, type AuthContext, issueSession, markActive, sessionUser } from "./auth.service";

export function authContext(c: Context<AppEnv>): AuthContext {
  return {
    db: c.var.db,
    env: c.env,
    config: c.var.config,
    brand: c.var.brand,
    origin: new URL(c.req.url).origin,
    ip: clientIp(c.req.raw),
  };
}

export async function sessionAccount(c: Context<AppEnv>): Promise<Account> {
  const [account] = await c.var.db.select().from(accounts).where(eq(accounts.id, c.var.session.accountId));
  if (!account) throw unauthorized();
  return account;
}

/** What the client stores after any way in: a fresh session token, the member and the flow's optin. */
export async function sessionBody(c: Context<AppEnv>, account: Account): Promise<Session> {
  const flow = await loadFlow(c.var.db, account.fluxId);
  return {
    token: await issueSession(c.var.config, account),
    clickid: account.clickid,
    confirmed_email: account.confirmedEmail,
    regalo_messaggi: account.giftMessages,
    user: sessionUser(account),
    flusso: clientFlow(flow),
  };
}

/**
 * Session start: a stored token checked as every member route checks it (the token's account, of this
 * brand, not disabled, at the token's session version), nothing cached. Answers the spec's verify body, and
 * the account when the session is live (POST /users/verify and the first screen's bootstrap share it).
 */
export async function verifySession(
  c: Context<AppEnv>,
  token: string,
): Promise<{ body: VerifyResponse; account: Account | null }> {
  const refused = (body: VerifyResponse) => ({ body, account: null });
  const claims = await verifyToken(c.var.config.jwtSecret, "session", token);
  if (!claims) return refused({ verify: 0 });
  const [account] = await c.var.db.select().from(accounts).where(eq(accounts.id, claims.accountId));
  if (!account || account.brandId !== c.var.brand.public.id) return refused({ verify: 0 });
  // A disabled member's stale token still says why (the user-disabled popup), before the version check.
  if (account.disabled) return refused({ verify: 0, error: "1008" });
  if (account.sessionVersion !== claims.sessionVersion) return refused({ verify: 0 });
  const [flow] = await Promise.all([loadFlow(c.var.db, account.fluxId), markActive(c.var.db, account.id)]);
  return {
    account,
    body: {
      verify: 1,
      token,
      clickid: account.clickid,
      source: account.source,
      country: account.country,
      fluxId: account.fluxId,
      confirmed_email: account.confirmedEmail,
      email: account.email,
      region: account.region,
      regalo_messaggi: account.giftMessages,
      user: sessionUser(account),
      flusso: clientFlow(flow),
    },
  };
}

// Google sign-in and sign-up: OAuth 2.0 authorization code with PKCE (arctic's generic client, so the
// endpoints can point at tests/fakes/google.ts), then the account of the brand the request came to.
import {
  CodeChallengeMethod,
  decodeIdToken,
  generateCodeVerifier,
  generateState,
  OAuth2Client,
  OAuth2RequestError,
  type OAuth2Tokens,
} from "arctic";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { accounts } from "../../drizzle/schema/accounts";
import type { Config } from "../config";
import { Gender, GoogleIntent, ReturnTo } from "../contracts/google";
import { AppError } from "../core/errors";
import { loadFlow } from "../core/flows";
import { errorName, logEvent } from "../core/log";
import { signPurposeToken, type TokenPurpose, verifyPurposeToken } from "../core/tokens";
import { deletionPending, restoreAccount } from "../privacy/deletion.service";
import {
  type Account,
  type AuthContext,
  findByEmail,
  isBanned,
  normaliseEmail,
  signupErrors,
} from "./auth.service";
import { loginErrors } from "./login.service";
import { checkRegistrationLimits, checkSameDevice, createAccount, isUniqueViolation } from "./signup.service";

export const GOOGLE_SCOPES = ["openid", "email", "profile"];
/** The two spellings of Google's issuer that its ID tokens carry (OpenID Connect guide, "Validating"). */
export const GOOGLE_ISSUERS: readonly string[] = ["accounts.google.com", "https://accounts.google.com"];
/** The SPA route Google sends the browser back to; the path is registered per brand host in Google's console. */
export const GOOGLE_REDIRECT_PATH = "/loginWithGoogle";
/** The state cookie: one sign-in attempt, 10 minutes. */
export const GOOGLE_COOKIE = "google_oauth";
export const GOOGLE_COOKIE_TTL_S = 10 * 60;
/** Clock skew allowed on the ID token's expiry. */
const ID_TOKEN_LEEWAY_S = 60;
/** Its own type and audience: the state cookie can never pass as a session or link token (worker/core/tokens.ts). */
const COOKIE: TokenPurpose = {
  audience: "google-oauth",
  typ: "google-oauth+jwt",
  ttl: `${GOOGLE_COOKIE_TTL_S}s`,
};

export const googleErrors = {
  unavailable: () =>
    new AppError(503, "google_unavailable", "Sign-in with Google is not available on this site."),
  state: () =>
    new AppError(
      400,
      "google_state",
      "The Google sign-in has expired or was started elsewhere, please retry.",
      {
        field: "state",
        messageKey: "google_riprova",
      },
    ),
  code: () =>
    new AppError(
      400,
      "google_code",
      "Google did not accept this sign-in (expired or already used), please retry.",
      {
        field: "code",
        messageKey: "google_riprova",
      },
    ),
  upstream: () =>
    new AppError(502, "google_error", "Google could not be reached, please retry.", {
      messageKey: "google_riprova",
    }),
  idToken: () =>
    new AppError(502, "google_token", "Google's answer could not be checked, please retry.", {
      messageKey: "google_riprova",
    }),
  unverified: () =>
    new AppError(403, "google_email_unverified", "This Google account's e-mail address is not verified.", {
      field: "email",
      messageKey: "google_email_non_verificata",
    }),
};

/** What the start route remembers for the callback, signed in the HttpOnly cookie. */
export const GoogleAttempt = z.object({
  state: z.string().min(1).max(128),
  codeVerifier: z.string().min(43).max(128),
  redirectUri: z.url(),
  intent: GoogleIntent,
  sono: Gender.optional(),
  cerco: Gender.optional(),
  fluxId: z.string().max(16).optional(),
  source: z.string().max(100).optional(),
  returnTo: ReturnTo.optional(),
  /** The sign-up page's optional marketing boxes (terms2, terms3) as the visitor left them. */
  promotions: z.boolean().optional(),
  thirdParties: z.boolean().optional(),
});
export type GoogleAttempt = z.infer<typeof GoogleAttempt>;

/** The claims of Google's ID token the app relies on. */
const IdTokenClaims = z.object({
  iss: z.string(),
  aud: z.union([z.string(), z.array(z.string())]),
  azp: z.string().optional(),
  exp: z.number(),
  sub: z.string().min(1).max(255),
  email: z.string().min(3).max(254),
  // Google sends a boolean; some older tokens carried the string "true".
  email_verified: z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]),
  name: z.string().max(200).optional(),
});
export type GoogleIdentity = Pick<z.infer<typeof IdTokenClaims>, "sub" | "email" | "name">;

/** The client's settings, or 503 when this deployment has no Google client. */
function googleClient(config: Config): NonNullable<Config["google"]> {
  if (!config.google) throw googleErrors.unavailable();
  return config.google;
}

export function sealAttempt(secret: string, attempt: GoogleAttempt): Promise<string> {
  return signPurposeToken(secret, COOKIE, { ...attempt });
}

/** The attempt in a valid, unexpired cookie of this kind, or null. */
export async function openAttempt(secret: string, cookie: string | undefined): Promise<GoogleAttempt | null> {
  if (!cookie) return null;
  const parsed = GoogleAttempt.safeParse(await verifyPurposeToken(secret, COOKIE, cookie));
  return parsed.success ? parsed.data : null;
}

/** Google's authorization URL for a new attempt, and the sealed attempt for the cookie. */
export async function startGoogle(
  config: Config,
  origin: string,
  input: Omit<GoogleAttempt, "state" | "codeVerifier" | "redirectUri">,
): Promise<{ url: URL; cookie: string }> {
  const google = googleClient(config);
  const attempt: GoogleAttempt = {
    ...input,
    state: generateState(),
    codeVerifier: generateCodeVerifier(),
    redirectUri: `${origin}${GOOGLE_REDIRECT_PATH}`,
  };
  const client = new OAuth2Client(google.clientId, google.clientSecret, attempt.redirectUri);
  const url = client.createAuthorizationURLWithPKCE(
    google.authUrl,
    attempt.state,
    CodeChallengeMethod.S256,
    attempt.codeVerifier,
    GOOGLE_SCOPES,
  );
  return { url, cookie: await sealAttempt(config.jwtSecret, attempt) };
}

/**
 * Redeems the code (with the attempt's verifier) at Google's token endpoint and returns the verified
 * identity. Throws google_state when the attempt is missing, expired, of another origin or of another state.
 */
export async function redeemGoogleCode(
  config: Config,
  origin: string,
  attempt: GoogleAttempt | null,
  code: string,
  state: string,
): Promise<GoogleIdentity> {
  const google = googleClient(config);
  if (!attempt || attempt.state !== state || new URL(attempt.redirectUri).origin !== origin) {
    throw googleErrors.state();
  }
  const client = new OAuth2Client(google.clientId, google.clientSecret, attempt.redirectUri);
  let tokens: OAuth2Tokens;
  try {
    tokens = await client.validateAuthorizationCode(google.tokenUrl, code, attempt.codeVerifier);
  } catch (error) {
    if (error instanceof OAuth2RequestError) {
      // invalid_grant: a wrong, expired or replayed code, or a verifier that does not match the challenge.
      logEvent("info", "auth.google_code_refused", { oauthError: error.code });
      throw googleErrors.code();
    }
    logEvent("error", "auth.google_unreachable", {
      error: errorName(error),
    });
    throw googleErrors.upstream();
  }

  // The ID token came straight from Google's token endpoint over TLS, authenticated with our client
  // secret, so OpenID Connect (Core 1.0, 3.1.3.7 step 6) lets the client skip its signature check; the
  // issuer, audience and expiry are still checked.
  let claims: z.infer<typeof IdTokenClaims>;
  try {
    claims = IdTokenClaims.parse(decodeIdToken(tokens.idToken()));
  } catch (error) {
    logEvent("error", "auth.google_id_token_invalid", {
      error: errorName(error),
    });
    throw googleErrors.idToken();
  }
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  const forUs =
    audiences.includes(google.clientId) &&
    (audiences.length === 1 || claims.azp === google.clientId) &&
    GOOGLE_ISSUERS.includes(claims.iss) &&
    claims.exp + ID_TOKEN_LEEWAY_S > Date.now() / 1000;
  if (!forUs) {
    logEvent("error", "auth.google_id_token_invalid", { iss: claims.iss, audiences: audiences.length });
    throw googleErrors.idToken();
  }
  if (!claims.email_verified) throw googleErrors.unverified();
  return { sub: claims.sub, email: normaliseEmail(claims.email), name: claims.name };
}

/** Fields of the callback body that shape a new account; the body wins over what the start route kept. */
export interface GoogleSignupFields {
  /** The page the button was on: only the sign-up page, with its consents ticked, creates a member. */
  intent: "signup" | "login";
  sono?: "uomo" | "donna";
  cerco?: "uomo" | "donna";
  fluxId?: string;
  source?: string;
  campid?: string;
  ip?: string;
  ua?: string;
  fingerprint?: string;
  /** The optional marketing boxes of the sign-up page (unticked when not said). */
  promotions?: boolean;
  thirdParties?: boolean;
}

async function findBySub(ctx: AuthContext, sub: string): Promise<Account | undefined> {
  const [account] = await ctx.db
    .select()
    .from(accounts)
    .where(and(eq(accounts.googleSub, sub), eq(accounts.brandId, ctx.brand.public.id)));
  return account;
}

/** An existing member of this brand for the identity: by Google subject, then by (verified) e-mail. */
async function findMember(ctx: AuthContext, identity: GoogleIdentity): Promise<Account | undefined> {
  return (await findBySub(ctx, identity.sub)) ?? (await findByEmail(ctx.db, ctx.brand, identity.email));
}

/**
 * Logs an existing member in. A member found by e-mail gets the Google subject linked; Google verified the
 * address, so it also counts as confirmed.
 */
async function logIn(ctx: AuthContext, found: Account, identity: GoogleIdentity): Promise<Account> {
  // A deletion in its grace period: signing in restores the account.
  const account = deletionPending(found) ? await restoreAccount(ctx.db, found) : found;
  if (account.disabled) throw loginErrors.disabled();
  if (account.googleSub === identity.sub && account.confirmedEmail) return account;
  const sameAddress = account.email.toLowerCase() === identity.email;
  const link = account.googleSub === null ? { googleSub: identity.sub } : {};
  const confirm = sameAddress && !account.confirmedEmail ? { confirmedEmail: true } : {};
  if (!("googleSub" in link) && !("confirmedEmail" in confirm)) return account;
  const [updated] = await ctx.db
    .update(accounts)
    .set({ ...link, ...confirm })
    .where(eq(accounts.id, account.id))
    .returning();
  return updated ?? account;
}

/**
 * The member of this brand for a verified Google identity: logs in an existing one (linking it by e-mail
 * when needed) or creates one, with the same abuse checks as e-mail sign-up (banned addresses, one account
 * per device, the registration rate limits). `login` is false only for a new member.
 */
export async function signInWithGoogle(
  ctx: AuthContext,
  identity: GoogleIdentity,
  fields: GoogleSignupFields,
): Promise<{ account: Account; login: boolean; restored?: boolean }> {
  const existing = await findMember(ctx, identity);
  if (existing) {
    const restored = deletionPending(existing);
    return { account: await logIn(ctx, existing, identity), login: true, restored };
  }
  // A new member must have seen and ticked the consents, which only the sign-up page shows.
  if (fields.intent === "login") {
    throw new AppError(404, "google_no_account", "No account for this Google address yet: sign up first.", {
      messageKey: "google_nessun_account",
    });
  }

  if (await isBanned(ctx.db, identity.email)) throw signupErrors.bannedEmail();
  await checkRegistrationLimits(ctx, fields.fingerprint);
  await checkSameDevice(ctx, fields.fingerprint);

  const flow = await loadFlow(ctx.db, fields.fluxId);
  try {
    const account = await createAccount(
      ctx.db,
      ctx.brand,
      flow,
      {
        email: identity.email,
        passwordHash: null,
        googleSub: identity.sub,
        // Google verified the address: no double opt-in mail is needed.
        confirmedEmail: true,
        region: null,
        age: null,
        gender: fields.sono ?? "uomo",
        seeking: fields.cerco ?? "donna",
        source: fields.source || "direct",
        campid: fields.campid ?? null,
        ip: fields.ip ?? null,
        ua: fields.ua ?? null,
        fingerprint: fields.fingerprint ?? null,
      },
      { terms2: fields.promotions ?? false, terms3: fields.thirdParties ?? false },
    );
    logEvent("info", "auth.google_signup", { accountId: account.id, fluxId: account.fluxId });
    return { account, login: false };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  // A concurrent callback for the same identity (or e-mail) won the insert: log that member in.
  const winner = await findMember(ctx, identity);
  if (!winner) throw new Error("unique violation without a member to log in");
  return { account: await logIn(ctx, winner, identity), login: true };
}

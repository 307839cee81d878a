import { z } from "zod";
import { Clickid } from "./clickid";
import { REQUIRED_CONSENTS } from "./consents";
import { MemberCredits } from "./credits";
import { preferredAges } from "./discovery";
import { ClientFlow } from "./flow";
import { Country } from "./locales";

/** The spec's e-mail rule: no spaces, one @, a dot after it. */
export const emailPattern = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export const signupFields = ["email", "password", "eta", "region", "sono", "cerco", "terms"] as const;
export type SignupField = (typeof signupFields)[number];

/** Message key shown for each sign-up field, in the spec's order. */
export const signupMessageKeys: Record<SignupField, string> = {
  email: "errore_email",
  password: "errore_password",
  eta: "eta",
  region: "errore_citta",
  sono: "errore_sono",
  cerco: "errore_cerco",
  terms: "errore_terms",
};

export const PASSWORD_MIN_LENGTH = 6;
export const AGE_MIN = 18;
export const AGE_MAX = 98;

export interface SignupDraft {
  email: string;
  password: string;
  eta: number | null;
  region: string;
  sono: string;
  cerco: string;
  terms1: boolean;
  terms2: boolean;
  terms3: boolean;
  terms4: boolean;
}

/**
 * The spec's sign-up validation in its order; returns every invalid field (the form turns them red and
 * shows the first one's message). The server runs the same function.
 */
export function invalidSignupFields(
  d: SignupDraft,
  ageRange = { min: AGE_MIN, max: AGE_MAX },
  /** The auto sign-up landers ask the region only: no age, but one given must still be in range. */
  ageOptional = false,
): SignupField[] {
  const bad: SignupField[] = [];
  if (!emailPattern.test(d.email.replace(/\s/g, ""))) bad.push("email");
  if (d.password.length < PASSWORD_MIN_LENGTH) bad.push("password");
  if (
    d.eta === null ? !ageOptional : !Number.isInteger(d.eta) || d.eta < ageRange.min || d.eta > ageRange.max
  )
    bad.push("eta");
  if (!d.region) bad.push("region");
  if (d.sono !== "uomo" && d.sono !== "donna") bad.push("sono");
  if (d.cerco !== "uomo" && d.cerco !== "donna") bad.push("cerco");
  // The terms and the adult declaration only: the marketing boxes are optional (GDPR art. 7(4)).
  if (!REQUIRED_CONSENTS.every((key) => d[key])) bad.push("terms");
  return bad;
}

/** The spec's sign-up payload (sent as `utente`). */
export const SignupPayload = z.object({
  // Missing fields default to empty so the spec-ordered check below names the first bad one.
  email: z.string().max(254).default(""),
  password: z.string().max(200).default(""),
  eta: z.number().int().nullable().default(null),
  region: z.string().max(80).default(""),
  city: z.string().max(120).optional(),
  provincia: z.string().max(120).optional(),
  sono: z.string().max(10).default(""),
  cerco: z.string().max(10).default(""),
  terms1: z.boolean().default(false),
  terms2: z.boolean().default(false),
  terms3: z.boolean().default(false),
  terms4: z.boolean().default(false),
  /** Sent by the auto sign-up landers (region only, random password): the age may be missing. */
  autoSignup: z.boolean().default(false),
  source: z.string().max(100).default("direct"),
  country: Country.optional(),
  campid: z.string().max(100).optional(),
  ip: z.string().max(64).optional(),
  clickid: /* @__PURE__ */ Clickid.optional(),
  fingerprint: z.string().max(128).optional(),
  fluxId: z.string().max(16).optional(),
  servizio: z.string().max(253).optional(),
  ua: z.string().max(512).optional(),
});
export type SignupPayload = z.infer<typeof SignupPayload>;

export const SignupRequest = z.object({ utente: SignupPayload });

export const VerifyRequest = z.object({
  token: z.string().max(4096),
  trackerId: /* @__PURE__ */ Clickid.optional(),
});

/** Version of the consent texts shown on the sign-up form and the profile; stored with each consent. */
export const CONSENT_TEXT_VERSION = "2026-11-29";

/** Tracking fields the client adds to login, forgot-password and Google calls. */
export const Tracking = {
  source: z.string().max(100).optional(),
  country: z.string().max(2).optional(),
  city: z.string().max(120).optional(),
  region: z.string().max(80).optional(),
  ip: z.string().max(64).optional(),
  clickid: /* @__PURE__ */ Clickid.optional(),
  fingerprint: z.string().max(128).optional(),
  fluxId: z.string().max(16).optional(),
  servizio: z.string().max(253).optional(),
};

export const LoginRequest = z.object({
  email: z.string().max(254).default(""),
  password: z.string().max(200).default(""),
  ...Tracking,
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const ForgotRequest = z.object({ email: z.string().max(254).default(""), ...Tracking });

/** The sign-up page's "send the activation mail again" after a 1009: the address typed there. */
export const ResendActivationRequest = z.object({ email: z.string().min(1).max(254) });

export const ResetRequest = z.object({
  token: z.string().max(4096),
  email: z.string().max(254),
  password: z.string().max(200),
  servizio: z.string().max(253).optional(),
});

export const ChangeEmailRequest = z.object({
  oldEmail: z.string().max(254),
  newEmail: z.string().max(254).default(""),
  servizio: z.string().max(253).optional(),
});

/** A signed link token from a mail or a Telegram message (confirm, auto-login). */
export const LinkTokenRequest = z.object({
  token: z.string().max(4096),
  /** Auto-login only: where the link came from, for the click-on-mail event. */
  channel: z.enum(["email", "telegram"]).optional(),
  remarketing_clickid: /* @__PURE__ */ Clickid.optional(),
});

export const DisableRequest = z.object({ clickid: Clickid });

/**
 * The spec's `GET users/{clickid}` headers, sent by the landing of an auto-login link: the link's channel
 * (tipoautologin), what it was about (eventoautologin, the notification's kind) and the remarketing clickid.
 */
export const AutoLoginLandingHeaders = z.object({
  tipoautologin: z.enum(["email", "telegram"]).optional(),
  eventoautologin: z
    .string()
    .regex(/^[\w.-]{1,40}$/)
    .optional(),
  remarketingclickid: /* @__PURE__ */ Clickid.optional(),
});

/** What `GET users/{clickid}` answers (the spec's client ignores it and goes on to the link's page). */
export const OwnUserResult = z.object({
  result: z.literal("OK"),
  user: z.object({
    clickid: z.string(),
    email: z.string(),
    valid_email: z.boolean(),
    premiumLevel: z.number().int(),
  }),
});

/** The member as the client keeps it after sign-up, login or token verification. */
export const SessionUser = z.object({
  clickid: z.string(),
  email: z.string(),
  country: z.string(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  cerco: z.string(),
  fluxId: z.string(),
  ...MemberCredits.shape,
  confirmed_email: z.boolean(),
  verifiedUser: z.boolean(),
  /** The spec's user_info.preferred_age: the ages the dispenser and the match stack show; null for all. */
  preferred_age: z.enum(preferredAges).nullable(),
  /** The name of the member's default photo (served at the brand's url_foto_utente/{name}); null without one. */
  imageName: z.string().nullable(),
  /** When the member's previous session started; null on the very first (the photo popup's condition). */
  lastActivity: z.string().nullable(),
});
export type SessionUser = z.infer<typeof SessionUser>;

/** What the client stores after any way in: a fresh session token, the member and the flow's optin. */
export const Session = z.object({
  token: z.string(),
  clickid: z.string(),
  confirmed_email: z.boolean(),
  /** Messages given back to a returning member: the client shows the gift popup after 500 ms. */
  regalo_messaggi: z.number().nullable(),
  user: SessionUser,
  flusso: ClientFlow,
});
export type Session = z.infer<typeof Session>;

/** The spec's link-token alphabet: "~" stands for "/" and "*" for "+". */
export function decodeLinkParam(value: string): string {
  return value.replaceAll("~", "/").replaceAll("*", "+");
}

/** The inverse of decodeLinkParam, for links the server writes. */
export function encodeLinkParam(value: string): string {
  return value.replaceAll("/", "~").replaceAll("+", "*");
}

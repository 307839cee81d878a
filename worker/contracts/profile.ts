// The own profile (/profile): the form's fields and their rules (the client marks them, the server
// refuses them with the same message keys), the photo rules, and what GET /users/profile/{clickid} answers.
import { z } from "zod";
import { AGE_MAX, AGE_MIN, SessionUser } from "./auth";
import { Clickid } from "./clickid";
import { preferredAges } from "./discovery";

/** The spec's photo limits: under 10 MB, at most 1000x1000 (the browser resizes to fit, JPEG quality 100). */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const PHOTO_MAX_SIDE = 1000;
/** The spec's JPEG quality of an uploaded photo (the browser's resize, and a photo the server turns upright). */
export const PHOTO_JPEG_QUALITY = 100;
/** The types a member may pick (the spec's list); the browser turns every one of them into a JPEG. */
export const PHOTO_PICK_TYPES = ["image/jpeg", "image/gif", "image/png", "image/svg+xml"] as const;
/** How many photos a member may keep. */
export const PHOTOS_MAX = 12;

export const USERNAME_MIN = 2;
export const USERNAME_MAX = 30;
export const DESCRIPTION_MAX = 1000;
export const SEEKING_MAX = 500;

/** The profile form of PUT /api/users/{clickid} (the spec's eta, username, sono, cerco, descrizione, cosa_cerco). */
export const ProfileForm = z.object({
  username: z.string().max(200),
  eta: z.number().int().nullable(),
  sono: z.string().max(10),
  cerco: z.string().max(10),
  descrizione: z.string().max(5000),
  cosa_cerco: z.string().max(5000),
});
export type ProfileForm = z.infer<typeof ProfileForm>;
export type ProfileField = keyof ProfileForm;

/** Letters of any alphabet, digits, spaces and . _ - (a name, never markup). */
const usernamePattern = /^[\p{L}\p{N}][\p{L}\p{N} ._-]*$/u;
/** Control characters other than line breaks and tabs: never part of a text a person wrote. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: this pattern exists to find them.
const controlChars = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Every invalid field of the profile form with its message key, in the form's order. */
export function invalidProfileFields(f: ProfileForm): Partial<Record<ProfileField, string>> {
  const bad: Partial<Record<ProfileField, string>> = {};
  const username = f.username.trim();
  if (username.length < USERNAME_MIN || username.length > USERNAME_MAX || !usernamePattern.test(username))
    bad.username = "errore_username";
  if (f.eta === null || f.eta < AGE_MIN || f.eta > AGE_MAX) bad.eta = "eta";
  if (f.sono !== "uomo" && f.sono !== "donna") bad.sono = "errore_sono";
  if (f.cerco !== "uomo" && f.cerco !== "donna") bad.cerco = "errore_cerco";
  if (f.descrizione.trim().length > DESCRIPTION_MAX || controlChars.test(f.descrizione))
    bad.descrizione = "errore_descrizione";
  if (f.cosa_cerco.trim().length > SEEKING_MAX || controlChars.test(f.cosa_cerco))
    bad.cosa_cerco = "errore_cosa_cerco";
  return bad;
}

/** One of the member's photos: its name, where it is served, and whether it is the default. */
export const OwnPhoto = z.object({
  name: z.string(),
  path: z.string(),
  predefinita: z.boolean(),
});
export type OwnPhoto = z.infer<typeof OwnPhoto>;

/** GET /users/profile/{clickid}: the spec's own profile. */
/** One paid charge of the spec's paylog; chargeId opens its receipt (api/legal/get_receipt/{chargeId}). */
export const PaylogEntry = z.object({
  chargeId: z.number().int(),
  prezzo: z.number().int(),
  currency: z.string(),
  dataTransazione: z.string(),
});

export const OwnProfile = z.object({
  username: z.string().nullable(),
  surname: z.string().nullable(),
  email: z.string(),
  eta: z.number().int().nullable(),
  sono: z.string(),
  cerco: z.string(),
  descrizione: z.string().nullable(),
  cosa_cerco: z.string().nullable(),
  imageName: z.array(OwnPhoto),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  preferred_age: z.enum(preferredAges).nullable(),
  creditiMessaggi: z.number().int(),
  creditiIcebreaker: z.number().int(),
  premiumLevel: z.number().int(),
  /** free, paid, subscribed or canceled (the billing summary's status). */
  profileStatus: z.string(),
  nextBillDate: z.string().nullable(),
  paylog: z.array(PaylogEntry),
  /** The spec's notification preferences. */
  notifications: z.object({ email: z.boolean(), telegram: z.boolean(), notifiche_push: z.boolean() }),
});
export type OwnProfile = z.infer<typeof OwnProfile>;

/** Digits of a phone verification code. */
export const PHONE_CODE_LENGTH = 6;

/** POST /api/users/{clickid}/phone: the number to send a code to. */
export const PhoneRequest = z.object({
  /** A mobile number of the brand's market, with or without its international prefix. */
  phone: z.string().trim().min(6).max(32),
});

/** POST /api/users/{clickid}/phone/verify: the code received. */
export const PhoneCodeRequest = z.object({
  /** The code of the last SMS, as received (spaces are ignored). */
  code: z
    .string()
    .transform((s) => s.replace(/\s+/g, ""))
    .pipe(z.string().regex(new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`), `${PHONE_CODE_LENGTH} digits`)),
});

/** The code went out. */
export const CodeSent = z.object({
  result: z.literal("code_sent"),
  /** The number the code went to, in E.164. */
  phone: z.string(),
  /** The same number as the market writes it ("347 123 4567"), to show. */
  phoneDisplay: z.string(),
  /** Until when, and for how many more seconds, the code may be entered. */
  expiresAt: z.string(),
  expiresInS: z.number().int(),
  /** When, and in how many seconds, another code may be asked. */
  resendAt: z.string(),
  resendInS: z.number().int(),
  /** The tries the new code has. */
  triesLeft: z.number().int(),
});

/** The member is verified with this number. */
export const PhoneVerified = z.object({ result: z.literal("OK"), phone: z.string(), user: SessionUser });

export const PhoneClickidParam = z.object({ clickid: Clickid });

const ProfileFormPatch = /* @__PURE__ */ ProfileForm.partial();

/** PUT /api/users/{clickid}: any of the profile form's fields, the preferred age, the region and city. */
export const ProfileUpdate = /* @__PURE__ */ ProfileFormPatch.extend({
  /** The spec's user_info.preferred_age: 20-30, 30-40, 40-60 or 60-90 (shown as 60+); null for every age. */
  preferred_age: z.string().max(10).nullable().optional(),
  /** Region code of the brand's country, as listed by GET /api/get/regions/{country}. */
  region: z.string().trim().min(1).max(80).optional(),
  /** A city of that region (of the member's current region when no region is sent); any case. */
  city: z.string().trim().min(1).max(120).optional(),
  servizio: z.string().max(253).optional(),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdate>;

/** POST /users/changeNotificationPreferences: the notification toggles. */
export const NotificationPreferences = z.object({
  clickid: Clickid,
  email: z.boolean(),
  telegram: z.boolean(),
  notifiche_push: z.boolean(),
});

/** The member's photos, as the photo routes answer. */
export const Photos = z.object({ imageName: z.array(OwnPhoto) });
const photoName = z.string().regex(/^[0-9a-f]{24}\.(jpg|png|gif)$/);

export const NamedPhoto = z.object({ clickid: Clickid, name: photoName });

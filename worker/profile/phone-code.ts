// The rules of the phone code, which proves that the member holds the number: its length, life,
// tries and the throttle of its sends, how a code is drawn and how it is kept (hashed), and the text of the
// SMS in each language. Pure: no database, no Workers API beyond Web Crypto.
import type { Locale } from "../contracts/locales";
import { PHONE_CODE_LENGTH } from "../contracts/profile";

/** Digits of a code. */
export const CODE_LENGTH = PHONE_CODE_LENGTH;
/** How long a code may be entered after it was sent. */
export const CODE_TTL_S = 10 * 60;
/** Tries per code, right or wrong; the last wrong one ends the code. */
export const MAX_TRIES = 5;
/** At most one code every minute, per account and per number. */
export const RESEND_SPACING_S = 60;
/** The window of the hourly cap, which starts with its first send. */
export const SEND_WINDOW_S = 60 * 60;
/** Codes per window to one account (the member's own retries and typos). */
export const SENDS_PER_WINDOW_ACCOUNT = 5;
/** Codes per window to one number from any account of any brand, so no one can flood a stranger's phone. */
export const SENDS_PER_WINDOW_NUMBER = 5;

const CODE_SPACE = 10 ** CODE_LENGTH;
/** The largest multiple of the code space below 2^32: draws above it are redrawn, so every code is equally likely. */
const UNBIASED_LIMIT = 2 ** 32 - (2 ** 32 % CODE_SPACE);

/** A code of CODE_LENGTH digits drawn from the platform's cryptographic generator, without modulo bias. */
export function newCode(): string {
  const draw = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(draw);
    const value = draw[0] ?? UNBIASED_LIMIT;
    if (value < UNBIASED_LIMIT) return String(value % CODE_SPACE).padStart(CODE_LENGTH, "0");
  }
}

const keys = new Map<string, Promise<CryptoKey>>();

/**
 * How a code is kept: HMAC-SHA256 keyed by the server's secret over the account and the code, in hex. A
 * plain hash of six digits would be reversed by trying the million codes; without the key it cannot be, and
 * the account in the message keeps a hash from matching another account's code.
 */
export async function codeHash(secret: string, accountId: number, code: string): Promise<string> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(secret),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
    keys.set(secret, key);
  }
  const mac = await crypto.subtle.sign(
    "HMAC",
    await key,
    new TextEncoder().encode(`phone-code:v1:${accountId}:${code}`),
  );
  return Array.from(new Uint8Array(mac), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The SMS: the code first (phones offer it for autofill from there), the brand's name, its life, and the
 * warning against passing it on, in the brand's language.
 */
const texts: Record<Locale, (code: string, brand: string, minutes: number) => string> = {
  it: (code, brand, minutes) =>
    `${code} è il tuo codice di verifica ${brand}. Vale ${minutes} minuti. Non condividerlo con nessuno.`,
  en: (code, brand, minutes) =>
    `${code} is your ${brand} verification code. It is valid for ${minutes} minutes. Do not share it with anyone.`,
  es: (code, brand, minutes) =>
    `${code} es tu código de verificación de ${brand}. Es válido durante ${minutes} minutos. No lo compartas con nadie.`,
  fr: (code, brand, minutes) =>
    `${code} est votre code de vérification ${brand}. Il est valable ${minutes} minutes. Ne le partagez avec personne.`,
};

export function codeSms(language: Locale, brand: string, code: string): string {
  return texts[language](code, brand, CODE_TTL_S / 60);
}

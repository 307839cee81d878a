// Argon2id (RFC 9106), because it is memory-hard: each guess costs an attacker ~19 MiB of RAM as well as
// time, which GPUs and ASICs cannot cheapen the way they cheapen PBKDF2. The parameters are OWASP's Password
// Storage Cheat Sheet minimum for Argon2id (m=19 MiB, t=2, p=1). PBKDF2 was used before only because it is
// all WebCrypto offers, and workerd caps it at 100,000 iterations (OWASP asks 600,000 for SHA-256); old
// `pbkdf2-sha256$…` hashes still verify and report `needsRehash` so logins upgrade them.
//
// Argon2id runs in the `argon2id` package's Wasm. workerd refuses to compile Wasm from bytes at run time, so
// both binaries are imported as precompiled `WebAssembly.Module`s (the `.wasm?module` rule that wrangler,
// the Cloudflare Vite plugin and the Workers Vitest pool all understand) and only instantiated here.

import noSimdWasm from "argon2id/dist/no-simd.wasm?module";
import simdWasm from "argon2id/dist/simd.wasm?module";
import setupWasm, { type computeHash } from "argon2id/lib/setup.js";

/** Argon2id cost: memory in KiB, passes (t) and lanes (p). */
export type Argon2Params = { memoryKib: number; passes: number; parallelism: number };

/** OWASP's equivalent Argon2id minimums (Password Storage Cheat Sheet): more memory or more passes. */
export const OWASP_ARGON2ID_OPTIONS = [
  { memoryKib: 47_104, passes: 1, parallelism: 1 },
  { memoryKib: 19_456, passes: 2, parallelism: 1 },
  { memoryKib: 12_288, passes: 3, parallelism: 1 },
  { memoryKib: 9_216, passes: 4, parallelism: 1 },
  { memoryKib: 7_168, passes: 5, parallelism: 1 },
] as const satisfies readonly Argon2Params[];

/**
 * The cost every new hash is made with (m=19456 KiB, t=2, p=1), measured at ~43 ms p50 in workerd on the
 * 2-core dev machine (`npm run bench`). A stored hash with other numbers is re-hashed at the next login.
 */
const PARAMS: Argon2Params = OWASP_ARGON2ID_OPTIONS[1];
const SALT_BYTES = 16;
const HASH_BYTES = 32;
const ARGON2_VERSION = 19;
// Bounds for parameters read back from the database, so a corrupt row cannot make one login burn seconds:
// 64 MiB also fits the 65 MiB the library's Wasm memory starts with, so the memory never has to grow.
const MAX_MEMORY_KIB = 65_536;
const MAX_PASSES = 10;
const MAX_PARALLELISM = 4;
const LEGACY_PBKDF2_MAX_ITERATIONS = 100_000; // workerd's own cap

const encoder = new TextEncoder();

function toBase64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes)).replace(/=+$/, ""); // PHC strings carry no padding
}
/** Decodes standard base64 with or without padding; `null` for anything else. */
function fromBase64(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return null;
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

function equalConstantTime(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

// One Wasm instance per isolate, created at the first hash. Reusing it is safe: a hash runs synchronously
// from start to end, so two requests never share the memory at once, and the library zeroes it after each.
// Its memory starts at 65 MiB and all our parameters fit in that, so it never grows (the package README's
// warning about memory that is never given back).
let argon2: Promise<computeHash> | undefined;
function loadArgon2(): Promise<computeHash> {
  argon2 ??= setupWasm(
    async (imports) => ({ module: simdWasm, instance: await WebAssembly.instantiate(simdWasm, imports) }),
    async (imports) => ({ module: noSimdWasm, instance: await WebAssembly.instantiate(noSimdWasm, imports) }),
  ).catch((error: unknown) => {
    argon2 = undefined; // let the next request try again rather than failing for the isolate's lifetime
    throw error;
  });
  return argon2;
}

async function argon2id(
  password: string,
  salt: Uint8Array,
  params: Argon2Params,
  tagLength: number,
): Promise<Uint8Array> {
  const hash = await loadArgon2();
  return hash({
    password: encoder.encode(password),
    salt,
    memorySize: params.memoryKib,
    passes: params.passes,
    parallelism: params.parallelism,
    tagLength,
  });
}

function encodeArgon2id(params: Argon2Params, salt: Uint8Array, hash: Uint8Array): string {
  const { memoryKib: m, passes: t, parallelism: p } = params;
  return `$argon2id$v=${ARGON2_VERSION}$m=${m},t=${t},p=${p}$${toBase64(salt)}$${toBase64(hash)}`;
}

type ParsedArgon2id = { params: Argon2Params; salt: Uint8Array; hash: Uint8Array };

const ARGON2ID_FORMAT = /^\$argon2id\$v=(\d+)\$m=(\d+),t=(\d+),p=(\d+)\$([^$]+)\$([^$]+)$/;

function parseArgon2id(stored: string): ParsedArgon2id | null {
  const match = ARGON2ID_FORMAT.exec(stored);
  if (!match) return null;
  const [, version, m, t, p, saltText, hashText] = match;
  const params = { memoryKib: Number(m), passes: Number(t), parallelism: Number(p) };
  if (Number(version) !== ARGON2_VERSION) return null;
  if (params.parallelism < 1 || params.parallelism > MAX_PARALLELISM) return null;
  if (params.memoryKib < 8 * params.parallelism || params.memoryKib > MAX_MEMORY_KIB) return null;
  if (params.passes < 1 || params.passes > MAX_PASSES) return null;
  const salt = fromBase64(saltText ?? "");
  const hash = fromBase64(hashText ?? "");
  if (!salt || salt.length < 8 || !hash || hash.length < 16 || hash.length > 64) return null;
  return { params, salt, hash };
}

async function verifyLegacyPbkdf2(password: string, stored: string): Promise<boolean> {
  const [scheme, iterText, saltText, hashText, ...rest] = stored.split("$");
  if (scheme !== "pbkdf2-sha256" || rest.length > 0 || !iterText || !/^\d+$/.test(iterText)) return false;
  const iterations = Number(iterText);
  if (iterations < 1 || iterations > LEGACY_PBKDF2_MAX_ITERATIONS) return false;
  const salt = fromBase64(saltText ?? "");
  const expected = fromBase64(hashText ?? "");
  if (!salt || !expected || expected.length !== 32) return false;
  const key = await crypto.subtle.importKey("raw", encoder.encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt, iterations },
    key,
    256,
  );
  return equalConstantTime(new Uint8Array(bits), expected);
}

// Hashed with when there is no stored hash, so "no such account" costs as much as a wrong password.
const DUMMY_SALT = new Uint8Array(SALT_BYTES).fill(7);

/** Hashes a new password with Argon2id at the current cost, as a PHC string that records its parameters. */
export function hashPassword(password: string): Promise<string> {
  return hashPasswordWithCost(password, PARAMS);
}

/** `hashPassword` at another cost: for `npm run bench`, which times each OWASP option in workerd. */
export async function hashPasswordWithCost(password: string, params: Argon2Params): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await argon2id(password, salt, params, HASH_BYTES);
  return encodeArgon2id(params, salt, hash);
}

/**
 * Checks a password against a stored hash in constant time. `needsRehash` is true when the password is right
 * but the hash was made with another scheme or other parameters: store `hashPassword(password)` then.
 * `stored: null` (no account, or a Google-only one) still spends one full Argon2id hash and answers invalid.
 * Never throws on a malformed hash: it is simply not valid.
 */
export async function verifyPassword(
  password: string,
  stored: string | null,
): Promise<{ valid: boolean; needsRehash: boolean }> {
  const invalid = { valid: false, needsRehash: false };
  try {
    if (stored === null) {
      await argon2id(password, DUMMY_SALT, PARAMS, HASH_BYTES); // the result is of no use, only its cost
      return invalid;
    }
    if (stored.startsWith("pbkdf2-sha256$")) {
      return (await verifyLegacyPbkdf2(password, stored)) ? { valid: true, needsRehash: true } : invalid;
    }
    const parsed = parseArgon2id(stored);
    if (!parsed) return invalid;
    const actual = await argon2id(password, parsed.salt, parsed.params, parsed.hash.length);
    if (!equalConstantTime(actual, parsed.hash)) return invalid;
    const { memoryKib, passes, parallelism } = parsed.params;
    const current =
      memoryKib === PARAMS.memoryKib &&
      passes === PARAMS.passes &&
      parallelism === PARAMS.parallelism &&
      parsed.salt.length === SALT_BYTES &&
      parsed.hash.length === HASH_BYTES;
    return { valid: true, needsRehash: !current };
  } catch {
    // The library rejects a few inputs (an empty or one-control-byte password): a failed check, not a 500.
    return invalid;
  }
}

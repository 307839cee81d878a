// Password hashing inside workerd: the Argon2id Wasm must load as a precompiled module here as in production.
import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "../../worker/core/password";

const PASSWORD = "correct horse battery staple";
// Made with the reference implementation (Debian's `argon2` CLI, 0~20171227):
//   echo -n "$PASSWORD" | argon2 somesaltsomesalt -id -t 2 -k 19456 -p 1 -l 32 -e
const REFERENCE =
  "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$ISO7kkvFzh19GM8qB7patN3C3Y9HHsjlVTfEZ9T600Y";
// The same tool at weaker or other parameters (m=4096 t=1; m=12288 t=3 p=2).
const WEAK =
  "$argon2id$v=19$m=4096,t=1,p=1$c29tZXNhbHRzb21lc2FsdA$f8flFDiVySqgxRdbqpUWvKThGXoC9Wvw0Fchap82oi8";
const TWO_LANES =
  "$argon2id$v=19$m=12288,t=3,p=2$YW5vdGhlcnNhbHQxMjM0NQ$5DRFbU80xeIunSb+gKj8LBtSowldcf+7dL34C6xOU30";
// The format hashPassword wrote before (PBKDF2-SHA256, 100,000 iterations), made with Python's hashlib.
const LEGACY = "pbkdf2-sha256$100000$bGVnYWN5LXNhbHQtMTIzNA==$+v9F2vZ9DZhJepn88KunKzXW9oCLNOZh6nmCG8QzpnY=";

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
const invalid = { valid: false, needsRehash: false };

/** Replaces the character at `index` with another base64 character. */
function tamper(text: string, index: number): string {
  const at = index < 0 ? text.length + index : index;
  const swapped = text[at] === "A" ? "B" : "A";
  return text.slice(0, at) + swapped + text.slice(at + 1);
}

describe("password hashing (Argon2id in workerd)", () => {
  it("hashes into a PHC string that carries the OWASP parameters, a 16-byte salt and a 32-byte hash", async () => {
    const stored = await hashPassword(PASSWORD);
    const match = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(stored);
    expect(match, stored).not.toBeNull();
    expect(fromBase64(match?.[1] ?? "")).toHaveLength(16);
    expect(fromBase64(match?.[2] ?? "")).toHaveLength(32);
    expect(stored).not.toContain(PASSWORD);
  });

  it("verifies the password it hashed, and nothing else", async () => {
    const stored = await hashPassword(PASSWORD);
    expect(await verifyPassword(PASSWORD, stored)).toEqual({ valid: true, needsRehash: false });
    expect(await verifyPassword("correct horse battery stapler", stored)).toEqual(invalid);
    expect(await verifyPassword(PASSWORD.toUpperCase(), stored)).toEqual(invalid);
  });

  it("salts every hash: one password hashed twice gives two strings that both verify", async () => {
    const [a, b] = await Promise.all([hashPassword(PASSWORD), hashPassword(PASSWORD)]);
    expect(a).not.toBe(b);
    expect(a.split("$")[4]).not.toBe(b.split("$")[4]);
    expect((await verifyPassword(PASSWORD, a)).valid).toBe(true);
    expect((await verifyPassword(PASSWORD, b)).valid).toBe(true);
  });

  it("agrees with the reference Argon2id implementation", async () => {
    expect(await verifyPassword(PASSWORD, REFERENCE)).toEqual({ valid: true, needsRehash: false });
    expect(await verifyPassword("wrong password", REFERENCE)).toEqual(invalid);
  });

  it("accepts Argon2id hashes made with other parameters and asks for a rehash", async () => {
    expect(await verifyPassword(PASSWORD, WEAK)).toEqual({ valid: true, needsRehash: true });
    expect(await verifyPassword(PASSWORD, TWO_LANES)).toEqual({ valid: true, needsRehash: true });
    expect(await verifyPassword("wrong password", WEAK)).toEqual(invalid);
  });

  it("accepts the legacy PBKDF2 format and asks for a rehash", async () => {
    expect(await verifyPassword(PASSWORD, LEGACY)).toEqual({ valid: true, needsRehash: true });
    expect(await verifyPassword("wrong password", LEGACY)).toEqual(invalid);
  });

  it("answers invalid when there is no stored hash (unknown e-mail, Google-only account)", async () => {
    expect(await verifyPassword(PASSWORD, null)).toEqual(invalid);
    expect(await verifyPassword("", null)).toEqual(invalid);
  });

  it("rejects a tampered hash, salt or parameter", async () => {
    const stored = await hashPassword(PASSWORD);
    const [, , version, params, salt, hash] = stored.split("$");
    const rebuild = (parts: { p?: string; s?: string; h?: string }) =>
      `$argon2id$${version}$${parts.p ?? params}$${parts.s ?? salt}$${parts.h ?? hash}`;
    expect(rebuild({})).toBe(stored); // the pieces are right, so each case below changes one thing only
    expect(await verifyPassword(PASSWORD, rebuild({ h: tamper(hash ?? "", 0) }))).toEqual(invalid);
    expect(await verifyPassword(PASSWORD, rebuild({ s: tamper(salt ?? "", 3) }))).toEqual(invalid);
    expect(await verifyPassword(PASSWORD, rebuild({ p: "m=19456,t=3,p=1" }))).toEqual(invalid);
    expect(await verifyPassword(PASSWORD, tamper(REFERENCE, -5))).toEqual(invalid);
    expect(await verifyPassword(PASSWORD, tamper(LEGACY, 30))).toEqual(invalid);
  });

  it("answers invalid for malformed stored strings, without throwing", async () => {
    const malformed = [
      "",
      "not a hash",
      "$argon2id$",
      "$argon2i$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$ISO7kkvFzh19GM8qB7patN3C3Y9HHsjlVTfEZ9T600Y",
      REFERENCE.replace("v=19", "v=16"),
      REFERENCE.replace("m=19456", "m=0"),
      REFERENCE.replace("m=19456", "m=99999999"),
      REFERENCE.replace("t=2", "t=0"),
      REFERENCE.replace("p=1", "p=0"),
      REFERENCE.replace("$c29tZXNhbHRzb21lc2FsdA", "$!!!"),
      REFERENCE.replace("$c29tZXNhbHRzb21lc2FsdA", "$c2FsdA"), // a 4-byte salt
      REFERENCE.slice(0, REFERENCE.lastIndexOf("$")),
      `${REFERENCE}$extra`,
      "pbkdf2-sha256$100000$bGVnYWN5LXNhbHQtMTIzNA==",
      "pbkdf2-sha256$lots$bGVnYWN5LXNhbHQtMTIzNA==$+v9F2vZ9DZhJepn88KunKzXW9oCLNOZh6nmCG8QzpnY=",
      LEGACY.replace("$100000$", "$1000000$"), // more than workerd's PBKDF2 allows
      LEGACY.replace("$100000$", "$0$"),
    ];
    for (const stored of malformed) {
      expect(await verifyPassword(PASSWORD, stored), stored).toEqual(invalid);
    }
  });

  it("answers invalid for an empty password rather than throwing", async () => {
    expect(await verifyPassword("", REFERENCE)).toEqual(invalid);
  });
});

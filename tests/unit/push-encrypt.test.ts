/// <reference path="../fakes/http-ece.d.ts" />
// A push's payload as the browser decrypts it: http_ece (the decryption the fake push service and browsers
// follow, RFC 8188/8291) with the subscription's private key must read back exactly what was encrypted.
import { createECDH, randomBytes } from "node:crypto";
import ece from "http_ece";
import { describe, expect, it } from "vitest";
import { encryptPush, MAX_PUSH_PLAINTEXT } from "../../worker/notifications/push/push-encrypt";

function browserSubscription() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
    decrypt: (body: Uint8Array) =>
      ece
        .decrypt(Buffer.from(body), { version: "aes128gcm", privateKey: ecdh, authSecret: auth })
        .toString("utf8"),
  };
}

describe("encryptPush", () => {
  it("is read back by the browser's keys, in one record of 4,096 bytes whatever the payload's length", async () => {
    const browser = browserSubscription();
    const short = JSON.stringify({ title: "Nuovo messaggio da Giulia", body: "Ciao!" });
    const long = "è".repeat(Math.floor(MAX_PUSH_PLAINTEXT / 2));
    const a = await encryptPush(browser.keys, new TextEncoder().encode(short));
    const b = await encryptPush(browser.keys, new TextEncoder().encode(long));
    expect(browser.decrypt(a)).toBe(short);
    expect(browser.decrypt(b)).toBe(long);
    expect(a.byteLength).toBe(4096);
    expect(b.byteLength).toBe(4096);
  });

  it("uses a fresh key and salt for every push, so the same payload never gives the same bytes", async () => {
    const browser = browserSubscription();
    const payload = new TextEncoder().encode("same");
    const [a, b] = await Promise.all([
      encryptPush(browser.keys, payload),
      encryptPush(browser.keys, payload),
    ]);
    expect(Buffer.from(a.subarray(0, 16)).equals(Buffer.from(b.subarray(0, 16)))).toBe(false);
    expect(Buffer.from(a.subarray(21, 86)).equals(Buffer.from(b.subarray(21, 86)))).toBe(false);
    expect(browser.decrypt(a)).toBe("same");
    expect(browser.decrypt(b)).toBe("same");
  });

  it("refuses a payload over one record and keys that are not a subscription's", async () => {
    const browser = browserSubscription();
    await expect(encryptPush(browser.keys, new Uint8Array(MAX_PUSH_PLAINTEXT + 1))).rejects.toThrow(
      /payload over/,
    );
    await expect(encryptPush({ ...browser.keys, auth: "c2hvcnQ" }, new Uint8Array(1))).rejects.toThrow(
      /auth/,
    );
    await expect(encryptPush({ ...browser.keys, p256dh: "AAAA" }, new Uint8Array(1))).rejects.toThrow(
      /p256dh/,
    );
  });
});

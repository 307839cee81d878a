// A push's payload encrypted to the browser's keys (RFC 8291, in one aes128gcm record of RFC 8188), on
// WebCrypto with its own HKDF: ten calls into the runtime's crypto, and the record built by copying bytes
// (the library this replaces derived HKDF from HMAC calls and built the 4 KB record element by element,
// which was most of a push's CPU).

/** Every push is one record of this size: the payload padded to it, so its length tells nothing. */
const RECORD_SIZE = 4096;
/** RFC 8188 section 2.1 header: salt (16), record size (4), key id length (1), key id (the 65-byte key). */
const HEADER_SIZE = 16 + 4 + 1 + 65;
/** The padding delimiter (1) and the AES-GCM tag (16) take the rest of the record. */
export const MAX_PUSH_PLAINTEXT = RECORD_SIZE - HEADER_SIZE - 17;

const text = new TextEncoder();
const KEY_INFO = text.encode("WebPush: info\0");
const CEK_INFO = text.encode("Content-Encoding: aes128gcm\0");
const NONCE_INFO = text.encode("Content-Encoding: nonce\0");

function fromBase64Url(value: string): Uint8Array<ArrayBuffer> {
  const binary = atob(value.replaceAll("-", "+").replaceAll("_", "/"));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

const hkdfKey = (ikm: BufferSource) =>
  crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits", "deriveKey"]);
const hkdfParams = (salt: BufferSource, info: BufferSource) => ({
  name: "HKDF",
  hash: "SHA-256",
  salt,
  info,
});

/** The aes128gcm body of a push to a subscription's keys (p256dh: its P-256 point, auth: its 16-byte secret). */
export async function encryptPush(
  keys: { p256dh: string; auth: string },
  payload: Uint8Array,
): Promise<Uint8Array> {
  const uaPublic = fromBase64Url(keys.p256dh);
  const authSecret = fromBase64Url(keys.auth);
  if (uaPublic.byteLength !== 65 || uaPublic[0] !== 4)
    throw new Error("p256dh is not an uncompressed P-256 point");
  if (authSecret.byteLength !== 16) throw new Error("auth is not 16 bytes");
  if (payload.byteLength > MAX_PUSH_PLAINTEXT) throw new Error(`payload over ${MAX_PUSH_PLAINTEXT} bytes`);
  // RFC 8291 section 3.1: a new key pair of the application server for every message.
  const [uaKey, local] = await Promise.all([
    crypto.subtle.importKey("raw", uaPublic, { name: "ECDH", namedCurve: "P-256" }, false, []),
    crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, false, [
      "deriveBits",
    ]) as Promise<CryptoKeyPair>,
  ]);
  const [asPublicBuffer, secret] = await Promise.all([
    crypto.subtle.exportKey("raw", local.publicKey) as Promise<ArrayBuffer>,
    // workers-types spells the member `$public`; WebCrypto, and workerd, read `public`.
    crypto.subtle.deriveBits(
      { name: "ECDH", public: uaKey } as unknown as SubtleCryptoDeriveKeyAlgorithm,
      local.privateKey,
      256,
    ),
  ]);
  const asPublic = new Uint8Array(asPublicBuffer);
  // Section 3.3: IKM = HKDF(auth secret, ECDH secret, "WebPush: info" || 0 || ua_public || as_public, 32).
  const ikm = await crypto.subtle.deriveBits(
    hkdfParams(authSecret, concat(KEY_INFO, uaPublic, asPublic)),
    await hkdfKey(secret),
    256,
  );
  // RFC 8188 section 2.2-2.3: the content key and the nonce from a random salt.
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const ikmKey = await hkdfKey(ikm);
  const [cek, nonce] = await Promise.all([
    crypto.subtle.deriveKey(hkdfParams(salt, CEK_INFO), ikmKey, { name: "AES-GCM", length: 128 }, false, [
      "encrypt",
    ]),
    crypto.subtle.deriveBits(hkdfParams(salt, NONCE_INFO), ikmKey, 96),
  ]);
  // One last record: the payload, the delimiter 2, zeros to the record's size.
  const padded = new Uint8Array(MAX_PUSH_PLAINTEXT + 1);
  padded.set(payload);
  padded[payload.byteLength] = 2;
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv: nonce }, cek, padded));
  const body = new Uint8Array(HEADER_SIZE + sealed.byteLength);
  body.set(salt, 0);
  new DataView(body.buffer).setUint32(16, RECORD_SIZE);
  body[20] = asPublic.byteLength;
  body.set(asPublic, 21);
  body.set(sealed, HEADER_SIZE);
  return body;
}

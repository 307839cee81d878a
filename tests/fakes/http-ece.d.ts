// The part of http_ece (Encrypted Content-Encoding, RFC 8188) the fake push service uses; it ships no types.
declare module "http_ece" {
  import type { ECDH } from "node:crypto";

  interface DecryptParams {
    version: "aes128gcm";
    /** The receiver's key pair: with aes128gcm the sender's public key comes in the record's header. */
    privateKey: ECDH;
    authSecret: Buffer;
  }
  const ece: { decrypt(buffer: Buffer, params: DecryptParams): Buffer };
  export default ece;
}

// The sandbox's webhooks: their signature (HMAC-SHA256 in a header) and the one notification they carry.
import { z } from "zod";

export const SIGNATURE_HEADER = "sandbox-signature";

/** The sandbox's one notification: a payment changed (its state is read back by reference). */
export const SandboxNotification = z.object({
  type: z.literal("payment.updated"),
  data: z.object({ reference: z.string().min(1).max(64) }),
});

/** A correctly signed notification whose body is no sandbox notification: `field` names what is wrong. */
export class SandboxNotificationInvalid extends Error {
  constructor(
    readonly field: string,
    problem: string,
  ) {
    super(`${field}: ${problem}`);
    this.name = "SandboxNotificationInvalid";
  }
}

/** HMAC-SHA256 of `body` with `secret`, in hex: how the sandbox signs its webhooks (and Apple Pay sessions). */
export async function hmac(secret: string, body: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(body));
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Compares two hex signatures in time independent of where they differ. */
export function sameSignature(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

// The sandbox provider's pages (local runs only): the 3-D Secure challenge and the hosted checkout and wallet
// pages, each found by the sandbox payment's reference.
import { z } from "zod";

export const SandboxReference = z.object({ reference: z.string().regex(/^sbx_[0-9a-f]{32}$/) });

/** The 3-D Secure form: the member's answer, or a payment system's own fields, which show the page. */
export const ChallengeAnswer = z.object({ answer: z.enum(["pass", "fail"]).optional() }).passthrough();

export const SandboxPageKind = z.enum(["checkout", "wallet"]);
export type SandboxPageKind = z.infer<typeof SandboxPageKind>;

export const SandboxPageParams = z.object({
  kind: SandboxPageKind,
  reference: SandboxReference.shape.reference,
});

export const SandboxPageAnswer = z.object({ answer: z.enum(["pay", "approve", "decline", "cancel"]) });

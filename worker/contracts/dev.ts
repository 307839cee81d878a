// Local-only helpers for the end-to-end tests and manual checks: a member's level and a notification sent at once.
import { z } from "zod";
import { RequiredClickid } from "./clickid";

export const DevMemberParams = z.object({ clickid: RequiredClickid });

export const SetPremiumRequest = z.object({ premiumLevel: z.number().int().min(0).max(2) });

export const SetPremiumResult = z.object({ clickid: z.string(), premiumLevel: z.number().int() });

export const NotifyRequest = z.object({
  kind: z.enum(["message", "like_back", "visit", "purch_ko", "renewal"]).default("message"),
  angel: z.string().min(1).max(64).default("Giulia"),
  count: z.number().int().min(1).max(99).default(1),
  locale: z.enum(["it", "en", "es", "fr"]).optional(),
});

const Outcome = z.enum(["sent", "skipped", "gone", "failed"]);

export const NotifyResult = z.object({
  telegram: Outcome,
  email: Outcome,
  digest: z.enum(["sent", "none", "failed"]),
});

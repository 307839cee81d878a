// The member's rights on the profile: what the rights' forms need, the data archive's link and the deletion.
import { z } from "zod";
import { ConsentState, MarketingConsents } from "./consents";

export const Rights = z.object({
  /** The deletion is confirmed with the password; false: with a code mailed to the address (Google accounts). */
  hasPassword: z.boolean(),
  marketing: MarketingConsents,
  consents: z.array(ConsentState),
  /** Days between a deletion request and the erasure (a login restores the account meanwhile). */
  deletionGraceDays: z.number().int(),
  exportsPerDay: z.number().int(),
});

export const ExportLink = z.object({ url: z.string(), expiresAt: z.string() });

/** The path of the archive's one-time link. */
export const ExportTokenParams = z.object({ token: z.string().min(20).max(128) });

/** The archive itself, a zip. */
export const ExportZip = z.string();

export const DeletionRequest = z.object({
  password: z.string().max(200).optional(),
  code: z.string().max(12).optional(),
});

export const DeletionAccepted = z.object({ erasureDueAt: z.string() });

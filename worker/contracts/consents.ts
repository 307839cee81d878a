// The sign-up form's four consents and what each is for. Two are conditions of the contract (the terms with
// their art. 14 clauses, and the adult declaration with the terms and privacy policy); the two marketing ones
// (promotional processing, communication to third parties) are optional under GDPR art. 7(4): nobody is
// refused for leaving them unticked, and they can be changed on the profile at any time
// (docs/decisions/2026-11-29-optional-marketing-consents.md).
import { z } from "zod";

export const CONSENT_KEYS = ["terms1", "terms2", "terms3", "terms4"] as const;
export const ConsentKey = z.enum(CONSENT_KEYS);
export type ConsentKey = z.infer<typeof ConsentKey>;

/** The consents without which there is no contract: sign-up refuses a form without them (errore_terms). */
export const REQUIRED_CONSENTS = ["terms1", "terms4"] as const satisfies readonly ConsentKey[];

/** The marketing uses a member may allow or refuse, and the box that records each. */
export const MARKETING_USES = ["promotions", "third_parties"] as const;
export const MarketingUse = z.enum(MARKETING_USES);
export type MarketingUse = z.infer<typeof MarketingUse>;
export const CONSENT_OF_USE: Record<MarketingUse, ConsentKey> = {
  /** terms2: our own promotional mail, notifications and offers. */
  promotions: "terms2",
  /** terms3: the member's data passed to third parties (trackers' postbacks, partners) for their communications. */
  third_parties: "terms3",
};

export const isRequiredConsent = (key: ConsentKey) =>
  (REQUIRED_CONSENTS as readonly ConsentKey[]).includes(key);

/**
 * The version of the checkout's box asking for immediate performance and acknowledging the loss of the right of
 * withdrawal for what is used (recorded with the order).
 */
export const PERFORMANCE_CONSENT_VERSION = "2026-11-29";

/** The profile's marketing choices (GET and PUT /api/privacy/consents). */
export const MarketingConsents = z.object({ promotions: z.boolean(), third_parties: z.boolean() });
export type MarketingConsents = z.infer<typeof MarketingConsents>;

/** One consent as the member sees it on the profile and in the data archive. */
export const ConsentState = z.object({
  consent: ConsentKey,
  granted: z.boolean(),
  textVersion: z.string(),
  /** ISO time of the newest record. */
  at: z.string(),
  source: z.string(),
});
export type ConsentState = z.infer<typeof ConsentState>;

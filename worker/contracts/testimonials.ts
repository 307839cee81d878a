// The reviews' numbers (accounts-community.md section 9), without a schema: the home page's chunk reads them.

/** The spec's homepage shows three reviews. */
export const HOME_TESTIMONIALS = 3;
/** The spec's helper that shuffles the reviews by country gives six unless told. */
export const SHUFFLED_TESTIMONIALS = 6;
/** The most one call may ask (a bound on the work an anonymous call buys). */
export const MAX_TESTIMONIALS = 20;

/**
 * The languages and the markets as closed lists, without their schemas (locales.ts): the browser's start-up
 * reads these, and a module it loads first must not build schemas that later pages use.
 */
export const locales = ["it", "en", "es", "fr"] as const;

/** The markets: a brand's country, an angel's country. */
export const countries = ["it", "es", "en"] as const;

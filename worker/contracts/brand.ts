import { z } from "zod";
import { Country, Locale } from "./locales";

/** Theme colours injected as CSS variables before any script runs. */
export const Theme = z.object({
  primary: z.string(),
  primaryText: z.string(),
  accent: z.string(),
  background: z.string(),
  surface: z.string(),
  text: z.string(),
});

/** Adyen Web's environments (its `environment` option): test, and live with its regions. */
export const ADYEN_WEB_ENVIRONMENTS = ["test", "live", "live-us", "live-au", "live-apse", "live-in"] as const;

/**
 * What the browser needs to mount Adyen's secured card fields: the client key (public by Adyen's design), the
 * environment, and locally the origin of the stand-in that serves them (the tests' fake), never in production.
 */
export const AdyenWeb = z.object({
  clientKey: z.string(),
  environment: z.enum(ADYEN_WEB_ENVIRONMENTS),
  webBase: z.string().optional(),
});
export type AdyenWeb = z.infer<typeof AdyenWeb>;

/** The part of a brand's config that the browser may see (the spec's brand config fields). */
export const PublicBrand = z.object({
  id: z.string(),
  title: z.string(),
  anno: z.number().int(),
  country: Country,
  language: Locale,
  logo_url: z.string(),
  logo_monocromo: z.string(),
  company_name: z.string(),
  company_address: z.string(),
  email: z.string(),
  tel: z.string(),
  domain: z.string(),
  vat: z.string(),
  mainstream: z.boolean(),
  tema: Theme,
  affiliation: z.boolean(),
  default_fluxid: z.string(),
  descriptor: z.string(),
  payment_company: z.string(),
  cartella_foto_collection: z.string(),
  cartella_foto_default: z.string(),
  url_foto_utente: z.string(),
  nome_bot: z.string(),
  legal_link: z.object({
    faq: z.string(),
    termini: z.string(),
    privacy: z.string(),
    cookie: z.string(),
    contatti: z.string(),
  }),
  one_trust: z.object({ domainScript: z.string() }).optional(),
  google_pay: z.object({ merchantId: z.string(), merchantName: z.string() }).optional(),
  paypal: z.object({ clientId: z.string() }).optional(),
  /** The brand's cards go to Adyen through its secured fields (set only when its card system is Adyen). */
  adyen_web: AdyenWeb.optional(),
  /**
   * Retargeting pixels (image URLs with a {clickid} placeholder) for the lead and tentativo events: loaded only
   * with marketing consent, and the CSP allows only their hosts.
   */
  pixels: z.object({ lead: z.url().optional(), tentativo: z.url().optional() }).optional(),
  /** Sign-in with Google is configured for this deployment: the login and sign-up pages offer it. */
  google_login: z.boolean(),
});
export type PublicBrand = z.infer<typeof PublicBrand>;

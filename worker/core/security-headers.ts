// The security headers of every answer (OWASP ASVS 4.0.3 V14.4): a Content-Security-Policy that lets only
// the site's own scripts run (session tokens live in local storage, so an injected script must not run),
// no framing, HSTS, nosniff and a referrer policy that keeps link tokens in our own URLs.
import type { Context, MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import { type ContentSecurityPolicyOptionHandler, NONCE, secureHeaders } from "hono/secure-headers";
import type { Config } from "../config";
import { ADYEN_WEB_ENVIRONMENTS, type PublicBrand } from "../contracts/brand";
import type { AppEnv } from "../env";

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;

/**
 * Adyen Web on an Adyen brand's card form: its secured fields are iframes of checkoutshopper, and it asks
 * checkoutshopper's CDN for its texts and checkoutanalytics for an attempt id (Adyen Web's environment URLs).
 */
const ADYEN_FRAMES = ADYEN_WEB_ENVIRONMENTS.map((env) => `https://checkoutshopper-${env}.adyen.com`);
const ADYEN_CALLS = ADYEN_WEB_ENVIRONMENTS.flatMap((env) => [
  `https://checkoutshopper-${env}.adyen.com`,
  `https://checkoutshopper-${env}.cdn.adyen.com`,
  `https://checkoutanalytics-${env}.adyen.com`,
]);

/** The local stand-ins for Adyen's secured fields (the tests' fake), from the config (never in production). */
const localAdyen = (config: Config) =>
  Object.values(config.paymentCredentials).flatMap(({ adyen }) =>
    adyen?.webBase ? [new URL(adyen.webBase).origin] : [],
  );

/**
 * The site's own policy. The nonce marks the inline elements the Worker writes itself (the theme, the
 * bootstrap).
 * Forms may also post to any https address: 3-D Secure posts the provider's form (Adyen's redirect, TrustPay's
 * ACS form) to an address the provider answers, the issuer's, which no list can name beforehand. Local runs
 * also reach the providers' fakes on 127.0.0.1.
 */
const sitePolicy = (
  devServer: boolean,
  local: boolean,
  adyenLocal: string[] = [],
  pixelHosts: string[] = [],
) => ({
  defaultSrc: ["'self'"],
  // Vite's dev server runs an inline module preamble (React refresh) and injects styles: only there.
  // Elsewhere the site's files and the one inline script the Worker writes itself (the first screen's
  // bootstrap, worker/html/first-screen-script.ts), by the answer's nonce.
  scriptSrc: devServer ? ["'self'", "'unsafe-inline'"] : ["'self'", NONCE],
  styleSrc: devServer ? ["'self'", "'unsafe-inline'"] : ["'self'", NONCE],
  // The photo placeholder is a data: URI; the brand's retargeting pixels load from their hosts, and no other.
  imgSrc: ["'self'", "data:", ...pixelHosts],
  // The API and the member's room socket: same origin ('self' matches ws: and wss: of this host).
  connectSrc: ["'self'", ...ADYEN_CALLS, ...adyenLocal],
  frameSrc: ["'self'", ...ADYEN_FRAMES, ...adyenLocal],
  fontSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: local ? ["'self'", "https:", "http://127.0.0.1:*"] : ["'self'", "https:"],
  frameAncestors: ["'none'"],
});

const common: SecureHeadersOptions = {
  strictTransportSecurity: "max-age=63072000; includeSubDomains",
  referrerPolicy: "strict-origin-when-cross-origin",
  xFrameOptions: "DENY",
  permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: ["self"] },
};

/** The site's headers of one config: with the answer's nonce in its CSP, and without one. */
interface SiteHeaders {
  withNonce: MiddlewareHandler;
  withoutNonce: MiddlewareHandler;
}

/**
 * The site's headers for a config and a brand: the config's local stand-ins of Adyen's fields are allowed too,
 * and the brand's pixels' hosts. Made once per config and brand, not per answer.
 */
const siteHeaders = new WeakMap<Config, Map<string, SiteHeaders>>();
function siteFor(config: Config, brand: PublicBrand | undefined): SiteHeaders {
  let byBrand = siteHeaders.get(config);
  if (!byBrand) {
    byBrand = new Map();
    siteHeaders.set(config, byBrand);
  }
  const key = brand?.id ?? "";
  let headers = byBrand.get(key);
  if (!headers) {
    const adyenLocal = config.local ? localAdyen(config) : [];
    const policy = sitePolicy(config.devServer, config.local, adyenLocal, pixelOrigins(brand?.pixels));
    const noNonce = (sources: (string | ContentSecurityPolicyOptionHandler)[]) =>
      sources.filter((source) => source !== NONCE);
    headers = {
      withNonce: secureHeaders({ ...common, contentSecurityPolicy: policy }),
      withoutNonce: secureHeaders({
        ...common,
        contentSecurityPolicy: {
          ...policy,
          scriptSrc: noNonce(policy.scriptSrc),
          styleSrc: noNonce(policy.styleSrc),
        },
      }),
    };
    byBrand.set(key, headers);
  }
  return headers;
}

/**
 * The nonce of this answer's CSP, for an inline element the Worker writes itself (a page's theme and
 * bootstrap, the sandbox's pages): made on first use, and then the answer's CSP names it. An answer that
 * never asks for one (JSON, a static file) gets the same policy without a nonce, which nothing of it could
 * use: making one cost every API answer a random draw, its encoding and a policy assembled per request.
 */
export function pageNonce(c: Context<AppEnv>): string {
  NONCE(c, "script-src");
  return c.get("secureHeadersNonce") ?? "";
}

/** The API reference page (Scalar) loads its viewer from a CDN and styles itself inline. */
const apiDocs = secureHeaders({
  ...common,
  contentSecurityPolicy: {
    ...sitePolicy(false, false),
    scriptSrc: ["'self'", "https://cdn.jsdelivr.net", "'unsafe-inline'"],
    styleSrc: ["'self'", "https://cdn.jsdelivr.net", "https://fonts.scalar.com", "'unsafe-inline'"],
    fontSrc: ["'self'", "https://fonts.scalar.com"],
  },
});

/**
 * Photos (angels' and members'): an image and nothing else. Even a file that got past the upload's checks
 * runs no script and loads nothing (sandboxed, every source 'none'); nosniff keeps it an image.
 */
const photos = secureHeaders({
  ...common,
  crossOriginResourcePolicy: "same-origin",
  contentSecurityPolicy: { defaultSrc: ["'none'"], sandbox: [], frameAncestors: ["'none'"] },
});

const nothingMore = async () => {};
/** The origins of a brand's retargeting pixels: the only outside hosts its pages may load an image from. */
function pixelOrigins(pixels: PublicBrand["pixels"]): string[] {
  const origins = Object.values(pixels ?? {}).flatMap((template) => {
    try {
      const url = new URL(template.replaceAll("{clickid}", "x"));
      return url.protocol === "https:" ? [url.origin] : [];
    } catch {
      return [];
    }
  });
  return [...new Set(origins)];
}

export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  // A WebSocket's 101 answer has fixed headers, and no document to protect.
  if (c.req.header("upgrade")?.toLowerCase() === "websocket") return next();
  const path = c.req.path;
  if (path.startsWith("/photos/")) return photos(c, next);
  if (path === "/api/docs") return apiDocs(c, next);
  await next();
  // Set on the answer as secureHeaders does after the route; the nonce is the one the route made, if any. The
  // brand is known once the request has passed its middleware.
  const site = siteFor(c.get("config"), c.get("brand")?.public);
  await (c.get("secureHeadersNonce") ? site.withNonce : site.withoutNonce)(c, nothingMore);
});

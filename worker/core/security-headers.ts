// The security headers of every answer (OWASP ASVS 4.0.3 V14.4): a Content-Security-Policy that lets only
// the site's own scripts run (session tokens live in local storage, so an injected script must not run),
// no framing, HSTS, nosniff and a referrer policy that keeps link tokens in our own URLs.
import type { MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import { NONCE, secureHeaders } from "hono/secure-headers";
import type { AppEnv } from "../env";

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;

/** The site's own policy. The nonce marks the inline elements the Worker writes itself (the theme, the bootstrap). */
const sitePolicy = (devServer: boolean) => ({
  defaultSrc: ["'self'"],
  // Vite's dev server runs an inline module preamble (React refresh) and injects styles: only there.
  // Elsewhere the site's files and the one inline script the Worker writes itself (the first screen's
  // bootstrap, worker/html/first-screen-script.ts), by the answer's nonce.
  scriptSrc: devServer ? ["'self'", "'unsafe-inline'"] : ["'self'", NONCE],
  styleSrc: devServer ? ["'self'", "'unsafe-inline'"] : ["'self'", NONCE],
  // The photo placeholder is a data: URI.
  imgSrc: ["'self'", "data:"],
  // The API and the member's room socket: same origin ('self' matches ws: and wss: of this host).
  connectSrc: ["'self'"],
  fontSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
});

const common: SecureHeadersOptions = {
  strictTransportSecurity: "max-age=63072000; includeSubDomains",
  referrerPolicy: "strict-origin-when-cross-origin",
  xFrameOptions: "DENY",
  permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: ["self"] },
};

const site = secureHeaders({ ...common, contentSecurityPolicy: sitePolicy(false) });
const devSite = secureHeaders({ ...common, contentSecurityPolicy: sitePolicy(true) });
/** The API reference page (Scalar) loads its viewer from a CDN and styles itself inline. */
const apiDocs = secureHeaders({
  ...common,
  contentSecurityPolicy: {
    ...sitePolicy(false),
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

export const securityHeaders = createMiddleware<AppEnv>((c, next) => {
  // A WebSocket's 101 answer has fixed headers, and no document to protect.
  if (c.req.header("upgrade")?.toLowerCase() === "websocket") return next();
  const headers: MiddlewareHandler = c.req.path.startsWith("/photos/")
    ? photos
    : c.req.path === "/api/docs"
      ? apiDocs
      : c.var.config.devServer
        ? devSite
        : site;
  return headers(c, next);
});

// Pure rules of the mail and Telegram link landers (tests/unit/auth-forms.test.ts).
import { decodeLinkParam } from "../../../worker/contracts/auth";

/** Where an auto-login link goes when its target is missing, unreadable or not on this site. */
export const DEFAULT_LINK_TARGET = "/find";

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The `red` parameter: base64 with "~" for "/" and "*" for "+". Null when it is not base64 text. */
export function decodeRed(red: string | null): string | null {
  if (!red) return null;
  const value = decodeLinkParam(red.trim());
  if (!BASE64.test(value) || value.length % 4 === 1) return null;
  try {
    const bytes = Uint8Array.from(atob(value), (c) => c.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * A redirect target the landers may follow: a path of this site (or a URL of this very origin, reduced to
 * its path); anything else (another host, a scheme, "//host", a lander again) goes to /find.
 */
export function safeTarget(target: string | null, origin: string): string {
  if (!target) return DEFAULT_LINK_TARGET;
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return DEFAULT_LINK_TARGET;
  }
  const relative = target.startsWith("/") && !target.startsWith("//") && !target.startsWith("/\\");
  const absoluteHere = /^https?:\/\//i.test(target) && url.origin === origin;
  if (!relative && !absoluteHere) return DEFAULT_LINK_TARGET;
  if (url.origin !== origin || /^\/autologin/.test(url.pathname)) return DEFAULT_LINK_TARGET;
  return `${url.pathname}${url.search}${url.hash}`;
}

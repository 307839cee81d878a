// The first screen's bootstrap: the answer of POST /api/first-screen, asked by the script the Worker puts
// into the HTML (worker/html/first-screen-script.ts) while this bundle was still on its way. The session
// start takes its verify answer, the find page its first page and the regions, each instead of asking
// again; whatever is missing, failed or does not match is asked the usual way.
import type {
  AngelCard,
  DispenserRequest,
  DispenserResponse,
  MatchRequest,
} from "../../worker/contracts/discovery";
import type { FirstScreenResponse } from "../../worker/contracts/first-screen";
import type { Region } from "./regions";
import { store } from "./storage";

declare global {
  interface Window {
    /** Set by the HTML's bootstrap script: the token it sent and the answer on its way. */
    __firstScreen?: { token: string; response: Promise<Response> };
    /** Set by the same script on a visitor's home page: GET /api/testimonials, on its way. */
    __testimonials?: Promise<Response>;
  }
}

let answer: Promise<FirstScreenResponse | null> | undefined;
let answerToken: string | null = null;
/** The screens' first answers are used once: a later opening of the page asks afresh. */
const taken = { find: false, match: false };

/**
 * The answer, checked by shape: it comes from this deployment's own Worker, like every API answer the pages
 * read without a schema (building zod's schemas here would put them on the start-up path).
 */
function asFirstScreen(body: unknown): FirstScreenResponse | null {
  const verify = (body as { verify?: unknown } | null)?.verify;
  return typeof verify === "object" && verify !== null ? (body as FirstScreenResponse) : null;
}

function read(): Promise<FirstScreenResponse | null> {
  if (answer) return answer;
  const boot = typeof window === "undefined" ? undefined : window.__firstScreen;
  answerToken = boot?.token ?? null;
  answer = boot
    ? boot.response
        .then(async (response) => (response.ok ? asFirstScreen(await response.json()) : null))
        .catch((error: unknown) => {
          console.warn("first screen: the bootstrap failed", error);
          return null;
        })
    : Promise.resolve(null);
  return answer;
}

/** The bootstrap's answer when it was asked for this token (the one stored now unless told). */
async function forToken(token = store.get("token")): Promise<FirstScreenResponse | null> {
  const body = await read();
  return body && token && answerToken === token ? body : null;
}

/** POST /users/verify's answer for the token found at start, when the bootstrap brought it. */
export const bootVerify = async (token: string) => (await forToken(token))?.verify ?? null;

/** The country's regions, when the bootstrap brought them (they do not change: reusable). */
export async function bootRegions(country: string): Promise<Region[] | null> {
  const body = await forToken();
  return body?.regions && body.verify.user?.country === country ? body.regions : null;
}

const sameRequest = <R extends object>(a: R, b: R, keys: readonly (keyof R)[]) =>
  keys.every((key) => String(a[key] ?? null) === String(b[key] ?? null));

const findFields = [
  "country",
  "page",
  "region",
  "city",
  "premiumLevel",
  "trackerId",
  "preferred_age",
  "cerco",
  "seed",
] as const;

/**
 * The find page's first answer, once: only for exactly the request the bootstrap answered (same place,
 * page, member fields and seed). Later openings of the page ask the dispenser again, as the spec wants.
 */
export async function bootFind(request: DispenserRequest): Promise<DispenserResponse | null> {
  if (taken.find) return null;
  const find = (await forToken())?.find;
  if (!find || taken.find) return null;
  taken.find = true;
  return sameRequest(find.request, request, findFields) ? find.answer : null;
}

const matchFields = [
  "country",
  "page",
  "region",
  "city",
  "premiumLevel",
  "trackerId",
  "preferred_age",
] as const;

/** The match page's first stack, once, for exactly the request the bootstrap answered. */
export async function bootMatch(request: MatchRequest): Promise<AngelCard[] | null> {
  if (taken.match) return null;
  const match = (await forToken())?.match;
  if (!match || taken.match) return null;
  taken.match = true;
  return sameRequest(match.request, request, matchFields) ? match.answer : null;
}

/**
 * The home page's reviews as the bootstrap asked them, once (null when it did not, it failed, or it takes
 * over `waitMs` from now): the page waits for them so they are drawn with it, not pushed in above the footer.
 */
export function bootTestimonials<T>(waitMs: number): Promise<T | null> | null {
  const boot = typeof window === "undefined" ? undefined : window.__testimonials;
  if (!boot) return null;
  window.__testimonials = undefined;
  const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), waitMs));
  const answer = boot.then((r) => (r.ok ? (r.json() as Promise<T>) : null)).catch(() => null);
  return Promise.race([answer, late]);
}

// What the first screen does not show waits on /find until the first cards' photos are drawn or the page is
// left: the member's room (partysocket, the realtime contracts, the socket) and the frame's own lists (the
// navigation state, the notifications, the conversations). The photos are the page's largest paint, and on a
// phone that code and those requests would share the bandwidth and the main thread with them. Elsewhere
// they start at once.
const FIRST_SCREEN_WAIT_MAX_MS = 2000;
let firstScreenDone = false;
let releaseFirstScreen: () => void = () => {};
const firstScreenReleased = new Promise<void>((resolve) => {
  releaseFirstScreen = resolve;
});

/** The find page's first photos are drawn (or it gave up on them, or it is gone): the rest may start. */
export const markFirstPhotosDrawn = () => {
  firstScreenDone = true;
  releaseFirstScreen();
};

/** The value of `elementtiming` on the find page's first photos: the browser reports when they are on screen. */
export const FIRST_PHOTO_TIMING = "first-photo";

declare module "react" {
  interface ImgHTMLAttributes<T> {
    /** Element Timing (Chromium): a PerformanceElementTiming entry once the image is on screen. */
    elementtiming?: string;
  }
}

/**
 * Lets the rest start once the first photos, decoded, are on screen: when the browser reports one of them
 * presented (Element Timing, Chromium: after the frame is shown, which under load came 60-70 ms after the
 * frame that drew them was made, so the room's code still arrived before the photos' paint); elsewhere a
 * frame later.
 */
export function markFirstPhotosShown(photos: readonly HTMLImageElement[]) {
  void Promise.allSettled(photos.map((img) => img.decode())).then(() => {
    if (!PerformanceObserver.supportedEntryTypes?.includes("element")) {
      requestAnimationFrame(() => setTimeout(markFirstPhotosDrawn, 0));
      return;
    }
    const observer = new PerformanceObserver((list) => {
      const shown = list
        .getEntries()
        .some(
          (entry) => (entry as PerformanceEntry & { identifier?: string }).identifier === FIRST_PHOTO_TIMING,
        );
      if (!shown) return;
      observer.disconnect();
      markFirstPhotosDrawn();
    });
    observer.observe({ type: "element", buffered: true });
  });
}

/** Resolves when what the first screen does not show may start: at once, or on /find once its photos are drawn. */
export function afterFirstScreen(): Promise<void> {
  // Once released, at once: the lists' polls ask through here every few seconds for the whole visit.
  if (firstScreenDone || !/^\/find\/?$/.test(window.location.pathname)) return Promise.resolve();
  const late = new Promise<void>((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MAX_MS));
  return Promise.race([firstScreenReleased, late]);
}

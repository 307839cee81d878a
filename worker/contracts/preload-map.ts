// The build's map of the chunks each landing page needs, which the Vite build writes into index.html
// (web/vite.config.ts, `preloadMap`) and the Worker turns into <link rel="modulepreload"> for the one page
// asked (worker/html/preload-links.ts), so a page's chunks download beside the entry instead of after it.
import { z } from "zod";

/** The element of the built index.html that holds the map (removed from the page the Worker serves). */
export const PRELOAD_MAP_ID = "preload-map";

/** Chunks and the style sheets they wait for. */
const Files = z.array(z.string().regex(/^\/assets\/[\w.-]+\.(js|css)$/));

/** A landing page's chunks: for everyone, or only for a member (a session stored) or only for a visitor. */
export const RoutePreloads = z.object({
  any: Files.optional(),
  member: Files.optional(),
  visitor: Files.optional(),
});
export type RoutePreloads = z.infer<typeof RoutePreloads>;

export const PreloadMap = z.object({
  /** Each language's catalogue chunk. */
  languages: z.record(z.string(), Files),
  /** What every page fetches at start (TanStack Query). */
  start: Files,
  /** The member's frame, fetched at start whenever a session is stored. */
  member: Files,
  /** By path: "/find", or "/chats/*" for one more segment. */
  routes: z.record(z.string(), RoutePreloads),
});
export type PreloadMap = z.infer<typeof PreloadMap>;

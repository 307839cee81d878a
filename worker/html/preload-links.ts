import { PRELOAD_MAP_ID, PreloadMap } from "../contracts/preload-map";

// The map as the build writes it (web/vite.config.ts, `preloadMap`): file names only, so no "<" inside.
const MAP_ELEMENT = new RegExp(`<script type="application/json" id="${PRELOAD_MAP_ID}">([^<]*)</script>\\s*`);

/** The page's chunks to preload: for everyone, and those only a member's or only a visitor's start needs. */
export interface PagePreloads {
  any: string[];
  member: string[];
  visitor: string[];
}

export const NO_PRELOADS: PagePreloads = { any: [], member: [], visitor: [] };

// Every page of a deployment carries the same map: parsed once per isolate.
let lastText: string | undefined;
let lastMap: PreloadMap | null = null;
function parse(text: string): PreloadMap | null {
  if (text !== lastText) {
    lastText = text;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const parsed = PreloadMap.safeParse(json);
    lastMap = parsed.success ? parsed.data : null;
  }
  return lastMap;
}

/**
 * Takes the build's map out of the HTML and picks what the page at `path` needs in `language`: the
 * language's catalogue and TanStack Query for everyone, and the route's page (plus the member's frame for
 * a member). A path not in the map (or an HTML without one: vite dev, the Worker tests) gets the
 * language only, or nothing.
 */
export function takePreloads(
  html: string,
  path: string,
  language: string,
): { html: string; preloads: PagePreloads } {
  const match = MAP_ELEMENT.exec(html);
  const map = match?.[1] === undefined ? null : parse(match[1]);
  const rest = match ? html.replace(MAP_ELEMENT, "") : html;
  // The operator console has its own screens and start.
  if (!map || path.startsWith("/ops")) return { html: rest, preloads: NO_PRELOADS };
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  const route = map.routes[trimmed] ?? map.routes[trimmed.replace(/\/[^/]+$/, "/*")];
  const any = unique([...(map.languages[language] ?? []), ...map.start, ...(route?.any ?? [])]);
  const without = (files: string[]) => unique(files).filter((file) => !any.includes(file));
  return {
    html: rest,
    preloads: {
      any,
      // A stored session starts the member's frame on every page (web/main.tsx).
      member: without([...map.member, ...(route?.member ?? [])]),
      visitor: without(route?.visitor ?? []),
    },
  };
}

const unique = (files: string[]) => [...new Set(files)];

/**
 * <link rel="modulepreload"> for each chunk, as Vite writes its own (same credentials mode as the import), and
 * a preload for each style sheet (not a stylesheet link, which would hold the first paint).
 */
export const modulePreloadLinks = (files: string[]) =>
  files
    .map((file) =>
      file.endsWith(".css")
        ? `<link rel="preload" as="style" crossorigin href="${file}">`
        : `<link rel="modulepreload" crossorigin href="${file}">`,
    )
    .join("");

import type { Brand } from "../brands/brand";
import { firstScreenScript } from "./first-screen-script";
import { modulePreloadLinks, takePreloads } from "./preload-links";

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch,
  );

const withoutLength = (headers: Headers) => {
  const copy = new Headers(headers);
  copy.delete("content-length");
  return copy;
};

/** JSON safe inside a <script> element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * Puts the brand into the served HTML before any script runs: lang, title, theme colours, icon, logo in
 * the boot splash, and the public config for the app to start from (no flash of another brand); and the
 * page's chunks to preload (the brand's language, the page at `path`), which the build's map names.
 */
export async function injectBrand(
  response: Response,
  brand: Brand,
  nonce: string | undefined,
  path: string,
): Promise<Response> {
  const b = brand.public;
  // Read whole (a few kB): the map sits below the place of the bootstrap script, which needs it.
  const { html, preloads } = takePreloads(await response.text(), path, b.language);
  const t = b.tema;
  // The boot splash's layout too: the app's stylesheet arrives after the first paint, and until then the
  // logo would be drawn at the size of the SVG's own canvas.
  const css = `:root{--brand-primary:${t.primary};--brand-primary-text:${t.primaryText};--brand-accent:${t.accent};--brand-bg:${t.background};--brand-surface:${t.surface};--brand-text:${t.text}}.boot{min-height:100vh;display:grid;place-items:center}.boot-logo{width:72px;height:72px}`;
  // The one nonce of the answer's CSP: the brand's theme and the first screen's script (first-screen-script.ts).
  const nonceAttr = nonce ? ` nonce="${escapeHtml(nonce)}"` : "";
  const rewritten = new HTMLRewriter()
    .on("html", { element: (el) => void el.setAttribute("lang", b.language) })
    .on("title", { element: (el) => void el.setInnerContent(b.title) })
    // Before the style sheets: a script after one waits for it to download, and this one should leave at once.
    .on("meta[charset]", {
      element: (el) =>
        void el.after(
          // The splash's logo first: it is the first paint, and the chunks preloaded below would delay it.
          `<link rel="preload" as="image" href="${escapeHtml(b.logo_url)}" fetchpriority="high"><script id="first-screen"${nonceAttr}>${firstScreenScript(preloads)}</script>`,
          {
            html: true,
          },
        ),
    })
    .on("head", {
      element: (el) =>
        void el.append(
          `<meta name="theme-color" content="${escapeHtml(t.primary)}"><link rel="icon" href="${escapeHtml(b.logo_url)}"><style id="brand-theme"${nonceAttr}>${css}</style><script type="application/json" id="brand-config">${scriptJson(b)}</script>${modulePreloadLinks(preloads.any)}`,
          { html: true },
        ),
    })
    .on("#root", {
      element: (el) =>
        void el.setInnerContent(
          `<div class="boot"><img class="boot-logo" src="${escapeHtml(b.logo_url)}" alt="${escapeHtml(b.title)}" width="72" height="72" fetchpriority="high"></div>`,
          { html: true },
        ),
    })
    .transform(new Response(html, { status: response.status, headers: withoutLength(response.headers) }));
  const headers = new Headers(rewritten.headers);
  headers.set("cache-control", "no-cache");
  headers.set("vary", "host");
  headers.delete("content-length");
  headers.delete("etag");
  return new Response(rewritten.body, { status: rewritten.status, headers });
}

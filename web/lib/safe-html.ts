/**
 * A tiny allow-list HTML reader for HTML from the server: the 'benvenuto' message (idNotifica 'benvenuto'
 * renders HTML) and the legal pages. No sanitiser library is installed; the one to add is DOMPurify
 * (`dompurify`, maintained by cure53), used as `DOMPurify.sanitize(html, { ALLOWED_TAGS: [...],
 * ALLOWED_ATTR: ["href"] })`. Until then this reader keeps only the tags below and a's href (http, https,
 * mailto, tel, or a path of this site), drops every other attribute, drops script/style/etc. together with
 * their content, and returns a tree that React renders as elements and escaped text: the input never
 * reaches innerHTML.
 */
export type SafeNode = string | { tag: SafeTag; href?: string; children: SafeNode[] };
export const safeTags = ["b", "i", "strong", "em", "br", "p", "a", "h2", "h3", "ul", "ol", "li"] as const;
export type SafeTag = (typeof safeTags)[number];

const isSafeTag = (tag: string): tag is SafeTag => (safeTags as readonly string[]).includes(tag);
/** Elements whose content is dropped with them (never shown as text). */
const dropWithContent = new Set([
  "script",
  "style",
  "iframe",
  "object",
  "embed",
  "template",
  "noscript",
  "svg",
  "math",
  "textarea",
  "title",
]);

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };
function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code =
        name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
    }
    return entities[name.toLowerCase()] ?? whole;
  });
}

const safeProtocols = new Set(["http:", "https:", "mailto:", "tel:"]);

function safeHref(attrs: string): string | undefined {
  const match = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(attrs);
  const raw = decode(match?.[1] ?? match?.[2] ?? match?.[3] ?? "").trim();
  // A path of this site ("/legal/terms"), never "//host" or "/\host", which browsers read as another site.
  if (/^\/(?![/\\])\S*$/.test(raw)) return raw;
  try {
    const url = new URL(raw);
    return safeProtocols.has(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** A comment, a start or end tag (attributes may quote ">"), a run of text, or a lone "<" (shown as text). */
const TOKEN = /<!--[\s\S]*?(?:-->|$)|<\/?([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|[^<]+|</g;

export function parseSafeHtml(html: string): SafeNode[] {
  const root: SafeNode[] = [];
  const stack: { tag: SafeTag; node: Exclude<SafeNode, string> }[] = [];
  const children = () => stack.at(-1)?.node.children ?? root;
  let dropping: string | null = null;
  for (const match of html.matchAll(TOKEN)) {
    const token = match[0];
    const name = match[1]?.toLowerCase();
    const closing = token.startsWith("</");
    if (dropping) {
      if (closing && name === dropping) dropping = null;
      continue;
    }
    if (token.startsWith("<!--")) continue;
    if (!name) {
      // Text, or a stray "<" that opens no tag: shown as text (React escapes it).
      children().push(decode(token));
      continue;
    }
    if (dropWithContent.has(name)) {
      if (!closing && !token.endsWith("/>")) dropping = name;
      continue;
    }
    if (!isSafeTag(name)) continue; // an unknown tag goes; its text stays
    if (closing) {
      const at = stack.map((s) => s.tag).lastIndexOf(name);
      if (at >= 0) stack.length = at;
      continue;
    }
    const node: Exclude<SafeNode, string> = { tag: name, children: [] };
    if (name === "a") {
      const href = safeHref(match[2] ?? "");
      if (href) node.href = href;
    }
    children().push(node);
    if (name !== "br" && !token.endsWith("/>")) stack.push({ tag: name, node });
  }
  return root;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * The safe tree written back as HTML, for a document shown inside a sandboxed frame (the iframe popup): only the
 * allow-listed tags, a's checked href, and every text and attribute escaped.
 */
export function safeHtmlToString(nodes: readonly SafeNode[]): string {
  return nodes
    .map((node) => {
      if (typeof node === "string") return escapeHtml(node);
      if (node.tag === "br") return "<br>";
      const href = node.href ? ` href="${escapeHtml(node.href)}"` : "";
      return `<${node.tag}${href}>${safeHtmlToString(node.children)}</${node.tag}>`;
    })
    .join("");
}

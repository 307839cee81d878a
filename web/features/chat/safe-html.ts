/**
 * A tiny allow-list HTML reader for the 'benvenuto' message (idNotifica 'benvenuto' renders HTML). No
 * sanitiser library is installed; the one to add is DOMPurify (`dompurify`, maintained by cure53), used as
 * `DOMPurify.sanitize(html, { ALLOWED_TAGS: [...], ALLOWED_ATTR: ["href"] })`. Until then this reader keeps
 * only b, i, strong, em, br, p and a (with an http/https href), drops every attribute but that href, drops
 * script/style/etc. together with their content, and returns a tree that React renders as elements and
 * escaped text: the input never reaches innerHTML.
 */
export type SafeNode = string | { tag: SafeTag; href?: string; children: SafeNode[] };
export const safeTags = ["b", "i", "strong", "em", "br", "p", "a"] as const;
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

function safeHref(attrs: string): string | undefined {
  const match = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(attrs);
  const raw = decode(match?.[1] ?? match?.[2] ?? match?.[3] ?? "").trim();
  try {
    const url = new URL(raw);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : undefined;
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

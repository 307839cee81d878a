const HTML_ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
const HTML_SPECIAL = /[&<>"']/;
/** Escapes a text for HTML content and quoted attribute values (most texts have nothing to escape). */
export const escapeHtml = (s: string) =>
  HTML_SPECIAL.test(s) ? s.replace(/[&<>"']/g, (ch) => HTML_ENTITIES[ch] ?? ch) : s;

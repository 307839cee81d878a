import { Fragment, type ReactNode } from "react";
import { parseSafeHtml, type SafeNode } from "../lib/safe-html";

function render(nodes: SafeNode[]): ReactNode[] {
  return nodes.map((node, i) => {
    // biome-ignore lint/suspicious/noArrayIndexKey: a static tree, rendered once per message.
    if (typeof node === "string") return <Fragment key={i}>{node}</Fragment>;
    const children = render(node.children);
    switch (node.tag) {
      case "br":
        // biome-ignore lint/suspicious/noArrayIndexKey: as above.
        return <br key={i} />;
      case "a":
        // Another site opens in a new tab; the site's own pages, mail and phone links stay here.
        return /^https?:/.test(node.href ?? "") ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <a key={i} href={node.href} target="_blank" rel="noopener noreferrer nofollow">
            {children}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <a key={i} href={node.href}>
            {children}
          </a>
        );
      default: {
        const Tag = node.tag;
        // biome-ignore lint/suspicious/noArrayIndexKey: as above.
        return <Tag key={i}>{children}</Tag>;
      }
    }
  });
}

/** HTML from the server (the 'benvenuto' message, a legal page) through the allow-list reader. */
export function SafeHtml({ html }: { html: string }) {
  return <>{render(parseSafeHtml(html))}</>;
}

import type { PublicBrand } from "../contracts/brand";
import { type LegalPage, telHref } from "../contracts/legal";
import type { Locale } from "../contracts/locales";
import { escapeHtml } from "../core/html";
import { en } from "./texts/en";
import { es } from "./texts/es";
import { fr } from "./texts/fr";
import { it } from "./texts/it";

/**
 * One block of a legal text: a heading, a paragraph or a list. A text may name the brand's details as
 * {title} {company} {address} {vat} {email} {tel} {telHref} (its tel: link) {domain} and link as
 * [label](href); the author writes only fixed hrefs, and every detail is escaped before it lands in the HTML.
 */
export type Block = { h: string } | { p: string } | { ul: string[] };

/** The legal texts of one language. */
export interface LegalCopy {
  /** Opens every page: these are sample texts a brand replaces (like the homepage's sample reviews). */
  sample: string;
  /** Closes every page with the company's details: the product rule that profiles are fictional. */
  fictional: string;
  /** The company's details, closing every page. */
  company: string;
  pages: Record<LegalPage, Block[]>;
}

const copies: Record<Locale, LegalCopy> = { it, en, es, fr };

type Facts = Record<string, string>;

const factsOf = (brand: PublicBrand): Facts => ({
  title: brand.title,
  company: brand.company_name,
  address: brand.company_address,
  vat: brand.vat,
  email: brand.email,
  tel: brand.tel,
  telHref: telHref(brand.tel),
  domain: brand.domain,
});

/** Escapes the text, puts in the brand's (escaped) details, then turns the author's [label](href) into links. */
function inline(text: string, facts: Facts): string {
  return escapeHtml(text)
    .replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = facts[name];
      if (value === undefined) throw new Error(`legal text names an unknown detail {${name}}`);
      return escapeHtml(value);
    })
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, '<a href="$2">$1</a>');
}

function block(b: Block, facts: Facts): string {
  if ("h" in b) return `<h2>${inline(b.h, facts)}</h2>`;
  if ("p" in b) return `<p>${inline(b.p, facts)}</p>`;
  return `<ul>${b.ul.map((item) => `<li>${inline(item, facts)}</li>`).join("")}</ul>`;
}

/** The HTML of a legal page for a brand in a language: the sample notice, the text, the company. */
export function renderLegalPage(brand: PublicBrand, page: LegalPage, language: Locale): string {
  const copy = copies[language];
  const facts = factsOf(brand);
  return [
    `<p><strong>${inline(copy.sample, facts)}</strong></p>`,
    ...copy.pages[page].map((b) => block(b, facts)),
    `<p>${inline(copy.fictional, facts)}</p>`,
    `<p>${inline(copy.company, facts)}</p>`,
  ].join("\n");
}

import { describe, expect, it } from "vitest";
import { storageKeys } from "../../web/lib/storage";
import type { PublicBrand } from "../../worker/contracts/brand";
import { legalPages } from "../../worker/contracts/legal";
import { locales } from "../../worker/contracts/locales";
import { renderLegalPage } from "../../worker/legal/legal-copy";

const brand = {
  title: "Amore <Test>",
  company_name: `Evil "Corp" <script>alert(1)</script>`,
  company_address: "Via <img src=x onerror=alert(1)> 1",
  vat: "IT&123",
  email: "care@example.com",
  tel: "+39 02 1234 5678",
  domain: "amore.example",
} as PublicBrand;

/** Declared for the spec but never written by the app (no code sets them). */
const unused = new Set(["ip"]);

describe("the legal texts", () => {
  it("escape every brand detail and link only where the author wrote a link", () => {
    for (const language of locales) {
      for (const page of legalPages) {
        const html = renderLegalPage(brand, page, language);
        expect(html).not.toMatch(/<script|<img|"Corp"/);
        expect(html).toContain("Evil &quot;Corp&quot; &lt;script&gt;");
        expect(html).toContain("IT&amp;123");
        expect(html).toContain('<a href="tel:+390212345678">+39 02 1234 5678</a>');
        // Every link goes to a page of the site, the customer-care address or its phone.
        for (const [, href] of html.matchAll(/<a href="([^"]*)"/g)) {
          expect(href).toMatch(
            /^(\/(legal\/\w+|contactUs|unsubscribe|profile)|mailto:care@example\.com|tel:\+\d+)$/,
          );
        }
      }
    }
  });

  it("list every local storage key the app keeps, in every language", () => {
    for (const language of locales) {
      const html = renderLegalPage(brand, "cookie", language);
      for (const key of Object.values(storageKeys)) {
        if (!unused.has(key)) expect(html, `${language}: ${key}`).toContain(key);
      }
    }
  });
});

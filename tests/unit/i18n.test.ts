import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { en } from "../../web/i18n/en";
import { es } from "../../web/i18n/es";
import { fr } from "../../web/i18n/fr";
import { translator } from "../../web/i18n/i18n";
import { it as itCatalogue } from "../../web/i18n/it";

const catalogues = { it: itCatalogue, en, es, fr };

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("the catalogues", () => {
  it.each(Object.keys(catalogues))("%s has every key, non-empty, with the same placeholders", (locale) => {
    const catalogue = catalogues[locale as keyof typeof catalogues];
    for (const [key, text] of Object.entries(en)) {
      const translated = catalogue[key as keyof typeof en];
      expect(translated, key).toBeTruthy();
      expect(placeholders(translated), key).toEqual(placeholders(text));
    }
  });

  it("takes each part's keys whole, from one part only: regrouping the parts loses and overrides nothing", async () => {
    type Part = Record<keyof typeof catalogues, Record<string, string>>;
    const folder = new URL("../../web/i18n/parts/", import.meta.url);
    const owner = new Map<string, string>();
    for (const file of readdirSync(folder).filter((name) => name.endsWith(".ts"))) {
      const parts = Object.values((await import(new URL(file, folder).href)) as Record<string, Part>);
      expect(parts, file).toHaveLength(1);
      for (const part of parts) {
        for (const key of Object.keys(part.en)) {
          expect(owner.get(key), `${key} in ${file}`).toBeUndefined();
          owner.set(key, file);
        }
        for (const [locale, catalogue] of Object.entries(catalogues)) {
          const texts = part[locale as keyof typeof catalogues];
          for (const [key, text] of Object.entries(texts)) {
            expect(catalogue[key as keyof typeof en], `${locale} ${key} of ${file}`).toBe(text);
          }
        }
      }
    }
    expect(owner.size).toBeGreaterThan(0);
  });

  it("fills placeholders", () => {
    expect(translator(itCatalogue)("find_available", { count: 12, place: "Lazio" })).toBe(
      "12 donne disponibili in Lazio",
    );
  });
});

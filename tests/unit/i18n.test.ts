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

  it("fills placeholders", () => {
    expect(translator(itCatalogue)("find_available", { count: 12, place: "Lazio" })).toBe(
      "12 donne disponibili in Lazio",
    );
  });
});

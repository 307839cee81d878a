// One term per thing per language, across the navigation, the pages and the popups: a section, a button or
// an action goes by one name wherever the member meets it ("Alerts" in the bottom menu and "Notifications"
// as the page's heading, "Darse de baja" on the page and "Darme de baja" on the button were two names).
import { describe, expect, it } from "vitest";
import type { Catalogue, MessageKey } from "../../web/i18n/en";
import { en } from "../../web/i18n/en";
import { es } from "../../web/i18n/es";
import { fr } from "../../web/i18n/fr";
import { it as italian } from "../../web/i18n/it";
import type { PublicBrand } from "../../worker/contracts/brand";
import type { Locale } from "../../worker/contracts/locales";
import { renderLegalPage } from "../../worker/legal/legal-copy";

const catalogues: Record<Locale, Catalogue> = { it: italian, en, es, fr };

interface Thing {
  /** The term, per language, that every one of `keys` says (letter case and apostrophes aside). */
  term: Record<Locale, string>;
  keys: MessageKey[];
  /** Keys whose text is the thing's label itself: the same text in each. */
  sameText?: MessageKey[];
}

const things: Record<string, Thing> = {
  "the likes and visits section": {
    term: { it: "notifiche", en: "alerts", es: "avisos", fr: "alertes" },
    keys: ["nav_notifications", "nav_short_notifications", "notifiche_titolo", "profile_notifications_title"],
    sameText: [
      "nav_notifications",
      "nav_short_notifications",
      "notifiche_titolo",
      "profile_notifications_title",
    ],
  },
  "the end of a plan's renewals": {
    term: { it: "disiscri", en: "unsubscribe", es: "darse de baja", fr: "désabonne" },
    keys: ["disiscrizione_titolo", "disiscrizione_bottone"],
  },
  "logging in": {
    term: { it: "accedi", en: "log in", es: "iniciar sesión", fr: "conne" },
    keys: ["home_login", "nav_login", "login_submit", "login_google"],
  },
  "a like": {
    term: { it: "mi piace", en: "like", es: "gust", fr: "j'aime" },
    keys: [
      "find_like",
      "notifiche_tab_like",
      "popup_notifica_like",
      "popup_notifica_match",
      "like_ricevuto",
      "mi_piace_inviato",
      "file_like_titolo",
      "file_like_testo",
    ],
  },
};

const plain = (text: string) => text.toLowerCase().replaceAll("’", "'");

describe("one term per thing", () => {
  for (const [thing, { term, keys, sameText }] of Object.entries(things)) {
    it(`names ${thing} alike everywhere, in each language`, () => {
      for (const [language, catalogue] of Object.entries(catalogues) as [Locale, Catalogue][]) {
        for (const key of keys) {
          expect(plain(catalogue[key]), `${language} ${key}`).toContain(term[language]);
        }
        const labels = new Set((sameText ?? []).map((key) => catalogue[key]));
        expect(labels.size, `${language}: ${[...labels].join(" / ")}`).toBeLessThanOrEqual(1);
      }
    });
  }

  it("uses the section's and the button's own names where a text sends the member to them", () => {
    const brand = {
      title: "T",
      company_name: "C",
      company_address: "A",
      vat: "V",
      email: "e@x.it",
      tel: "1",
    };
    for (const [language, catalogue] of Object.entries(catalogues) as [Locale, Catalogue][]) {
      const features = plain(renderLegalPage(brand as PublicBrand, "features", language));
      // "…see who liked or visited you under Alerts."
      expect(features, language).toContain(plain(catalogue.nav_notifications));
      expect(features, language).toContain(things["a like"]?.term[language]);
    }
    // The renewal's one-click way out, as the payment page's terms write it: "Perfil → Darse de baja".
    for (const [language, catalogue] of Object.entries(catalogues) as [Locale, Catalogue][]) {
      expect(catalogue.pm_termini_disdetta, language).toContain(
        `${catalogue.nav_profile} → ${catalogue.disiscrizione_bottone}`,
      );
    }
  });
});

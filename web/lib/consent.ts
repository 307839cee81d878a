// Cookie consent, built on vanilla-cookieconsent (loaded after the first screen, with its stylesheet): the
// banner with accept-all and reject-all side by side and equally weighted, the preferences with the three
// categories, reopened from the footer. Each choice is recorded on the server (POST /api/consent/cookies) and
// mirrored in local storage (the spec's cookiePolicy key) as the one thing the app reads: a retargeting pixel
// loads only when it says marketing.

import type { PublicBrand } from "../../worker/contracts/brand";
import { COOKIE_POLICY_VERSION, type PixelEvent } from "../../worker/contracts/tracking-names";
import type { MessageKey } from "../i18n/i18n";
import { api } from "./api";
import { store } from "./storage";
import { tracking } from "./tracking";

/** A choice as the app keeps it (the cookiePolicy key). */
export interface CookieChoiceState {
  version: string;
  analytics: boolean;
  marketing: boolean;
  at: string;
}

/** The stored choice of the current policy, or null (none yet, an older policy, or the old one-button banner). */
export function currentChoice(raw: string | null = store.get("cookiePolicy")): CookieChoiceState | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<CookieChoiceState>;
    if (value.version !== COOKIE_POLICY_VERSION) return null;
    return {
      version: value.version,
      analytics: value.analytics === true,
      marketing: value.marketing === true,
      at: typeof value.at === "string" ? value.at : "",
    };
  } catch {
    return null;
  }
}

/** Marketing consent for the current policy: the only gate of the retargeting pixels. */
export const marketingAllowed = () => currentChoice()?.marketing === true;

/** The device's id for the consent record: the tracking fingerprint, as the server's contract takes it. */
export function consentDeviceId(): string {
  const raw = tracking()
    .fingerprint.replace(/[^A-Za-z0-9-]/g, "")
    .slice(0, 64);
  return raw.length >= 16 ? raw : `${raw}${"0".repeat(16 - raw.length)}`;
}

type Translate = (key: MessageKey) => string;
type Library = typeof import("vanilla-cookieconsent");
let library: Promise<Library> | null = null;
let restoring = false;

function record(choice: CookieChoiceState) {
  store.set("cookiePolicy", JSON.stringify(choice));
  window.dispatchEvent(new CustomEvent("cookie-choice", { detail: choice }));
  if (restoring) return;
  api.api.consent.cookies
    .$post({
      json: {
        deviceId: consentDeviceId(),
        policyVersion: choice.version,
        analytics: choice.analytics,
        marketing: choice.marketing,
      },
    })
    .catch((error: unknown) => console.warn("consent record failed", error));
}

/** Starts the banner (shown when no choice of the current policy is stored). Runs once per page. */
export function startConsent(brand: PublicBrand, t: Translate): Promise<Library> {
  if (library) return library;
  library = Promise.all([
    import("vanilla-cookieconsent"),
    import("vanilla-cookieconsent/dist/cookieconsent.css"),
  ]).then(async ([cc]) => {
    const chosen = currentChoice();
    const fromLibrary = () => {
      record({
        version: COOKIE_POLICY_VERSION,
        analytics: cc.acceptedCategory("analytics"),
        marketing: cc.acceptedCategory("marketing"),
        at: new Date().toISOString(),
      });
    };
    const language = brand.language;
    await cc.run({
      mode: "opt-in",
      autoShow: chosen === null,
      // Playwright and assistive browsers are people's browsers too: the choice is asked of everyone.
      hideFromBots: false,
      cookie: { name: "cc_cookie", expiresAfterDays: 182 },
      guiOptions: {
        consentModal: {
          layout: "box",
          position: "bottom center",
          equalWeightButtons: true,
          flipButtons: false,
        },
        preferencesModal: { layout: "box", equalWeightButtons: true, flipButtons: false },
      },
      categories: { necessary: { enabled: true, readOnly: true }, analytics: {}, marketing: {} },
      onFirstConsent: fromLibrary,
      onChange: fromLibrary,
      language: {
        default: language,
        translations: {
          [language]: {
            consentModal: {
              title: t("cookie_title"),
              description: t("cookie_banner_text"),
              acceptAllBtn: t("cookie_accept_all"),
              acceptNecessaryBtn: t("cookie_reject_all"),
              showPreferencesBtn: t("cookie_manage"),
              footer: `<a href="${brand.legal_link.cookie}">${t("cookie_policy")}</a>`,
            },
            preferencesModal: {
              title: t("cookie_preferences"),
              acceptAllBtn: t("cookie_accept_all"),
              acceptNecessaryBtn: t("cookie_reject_all"),
              savePreferencesBtn: t("cookie_save"),
              closeIconLabel: t("cookie_close"),
              sections: [
                {
                  title: t("cookie_necessary_title"),
                  description: t("cookie_necessary_text"),
                  linkedCategory: "necessary",
                },
                {
                  title: t("cookie_analytics_title"),
                  description: t("cookie_analytics_text"),
                  linkedCategory: "analytics",
                },
                {
                  title: t("cookie_marketing_title"),
                  description: t("cookie_marketing_text"),
                  linkedCategory: "marketing",
                },
                {
                  title: t("cookie_policy"),
                  description: `<a href="${brand.legal_link.cookie}">${t("cookie_policy")}</a>`,
                },
              ],
            },
          },
        },
      },
    });
    // A choice kept in local storage whose cookie is gone (cleared cookies): the library is told, not asked.
    if (chosen && !cc.validConsent()) {
      restoring = true;
      const accepted = (["analytics", "marketing"] as const).filter((c) => chosen[c]);
      cc.acceptCategory(["necessary", ...accepted]);
      restoring = false;
    }
    return cc;
  });
  library.catch(() => {
    library = null;
  });
  return library;
}

/** Opens the preferences (the footer's link), loading the library first when the page has not yet. */
export function showCookiePreferences(brand: PublicBrand, t: Translate) {
  startConsent(brand, t)
    .then((cc) => cc.showPreferences())
    .catch((error: unknown) => console.warn("cookie preferences failed", error));
}

/**
 * Loads the brand's retargeting pixel of an event (lead at sign-up, tentativo at a payment attempt), once per
 * page and event, and only with marketing consent. The pixel is an image; the CSP allows only its host.
 */
const fired = new Set<string>();
export function firePixel(brand: PublicBrand, event: PixelEvent, clickid: string) {
  const template = brand.pixels?.[event];
  if (!template || !marketingAllowed() || fired.has(event)) return;
  fired.add(event);
  const image = new Image(1, 1);
  image.referrerPolicy = "no-referrer";
  image.src = template.replaceAll("{clickid}", encodeURIComponent(clickid));
  image.alt = "";
  image.dataset.pixel = event;
  image.style.cssText = "position:absolute;width:1px;height:1px;opacity:0;pointer-events:none";
  document.body.append(image);
}

import { createContext, type ReactNode, Suspense, use, useContext } from "react";
import type { Locale } from "../../worker/contracts/locales";
import type { Catalogue, MessageKey } from "./en";

export type { MessageKey };

// Each language is a chunk of its own, fetched when a page first needs it: a visitor downloads the brand's
// language only (the operator console's picker fetches another on demand). The build keeps only that
// language of each web/i18n/parts file in its chunk (web/vite.config.ts, `onlyLanguage`).
const loaders: Record<Locale, () => Promise<Catalogue>> = {
  it: () => import("./it").then((m) => m.it),
  en: () => import("./en").then((m) => m.en),
  es: () => import("./es").then((m) => m.es),
  fr: () => import("./fr").then((m) => m.fr),
};
const pending = new Map<Locale, Promise<Catalogue>>();
const loaded = new Map<Locale, Catalogue>();

/** The catalogue of a language, fetched once; start it early (main.tsx) so the first render need not wait. */
export function loadCatalogue(locale: Locale): Promise<Catalogue> {
  let promise = pending.get(locale);
  if (!promise) {
    promise = loaders[locale]().then((catalogue) => {
      loaded.set(locale, catalogue);
      return catalogue;
    });
    // A failed fetch (offline, a deploy replaced the chunk) may be tried again by the next render.
    promise.catch(() => pending.delete(locale));
    pending.set(locale, promise);
  }
  return promise;
}

/**
 * Whether a key sent by the server (an error's messageKey) is one the catalogues have. Every catalogue has
 * every key (tests/unit/i18n.test.ts), so any loaded one answers for all.
 */
export function isMessageKey(key: unknown): key is MessageKey {
  const [catalogue] = loaded.values();
  return typeof key === "string" && catalogue !== undefined && Object.hasOwn(catalogue, key);
}

/** A message to show later: its key and the values of its placeholders. */
export interface Message {
  key: MessageKey;
  vars?: Record<string, string | number>;
}

export type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

export function translator(catalogue: Catalogue): Translate {
  return (key, vars) => {
    const text = catalogue[key];
    return vars ? text.replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? `{${name}}`)) : text;
  };
}

const I18nContext = createContext<{ locale: Locale; t: Translate } | null>(null);

function Provide({ locale, children }: { locale: Locale; children: ReactNode }) {
  const catalogue = loaded.get(locale) ?? use(loadCatalogue(locale));
  return <I18nContext.Provider value={{ locale, t: translator(catalogue) }}>{children}</I18nContext.Provider>;
}

/** The texts of `locale` for everything inside; renders nothing until that language has arrived. */
export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Provide locale={locale}>{children}</Provide>
    </Suspense>
  );
}

export function useI18n() {
  const value = useContext(I18nContext);
  if (!value) throw new Error("useI18n outside I18nProvider");
  return value;
}

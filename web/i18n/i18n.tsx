import { createContext, type ReactNode, useContext } from "react";
import type { Locale } from "../../worker/contracts/locales";
import { type Catalogue, en, type MessageKey } from "./en";
import { es } from "./es";
import { fr } from "./fr";
import { it } from "./it";

export type { MessageKey };

export const catalogues: Record<Locale, Catalogue> = { it, en, es, fr };

/** Whether a key sent by the server (an error's messageKey) is one the catalogues have. */
export function isMessageKey(key: unknown): key is MessageKey {
  return typeof key === "string" && Object.hasOwn(en, key);
}

/** A message to show later: its key and the values of its placeholders. */
export interface Message {
  key: MessageKey;
  vars?: Record<string, string | number>;
}

export type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

export function translator(locale: Locale): Translate {
  const catalogue = catalogues[locale];
  return (key, vars) => {
    const text = catalogue[key] ?? en[key];
    return vars ? text.replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? `{${name}}`)) : text;
  };
}

const I18nContext = createContext<{ locale: Locale; t: Translate }>({ locale: "en", t: translator("en") });

export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  return <I18nContext.Provider value={{ locale, t: translator(locale) }}>{children}</I18nContext.Provider>;
}

export const useI18n = () => useContext(I18nContext);

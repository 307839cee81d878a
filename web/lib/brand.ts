import type { PublicBrand } from "../../worker/contracts/brand";
import { countries, locales } from "../../worker/contracts/locale-lists";

/**
 * The brand the Worker put into the page (no request, no flash of another brand). The Worker writes it from
 * the same deployment's typed registry entry, so the start-up path checks only what decides which code runs
 * (the language to fetch, the market) and the rest by shape, without zod (a decision of docs/decisions/).
 */
export function readBrand(): PublicBrand {
  const text = document.getElementById("brand-config")?.textContent ?? "";
  const value: unknown = JSON.parse(text);
  if (!isPublicBrand(value)) throw new Error("the page's brand config is not a brand");
  return value;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function isPublicBrand(value: unknown): value is PublicBrand {
  return (
    isRecord(value) &&
    typeof value.id === "string" &&
    typeof value.title === "string" &&
    (locales as readonly unknown[]).includes(value.language) &&
    (countries as readonly unknown[]).includes(value.country) &&
    isRecord(value.tema) &&
    isRecord(value.legal_link)
  );
}

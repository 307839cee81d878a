import { PublicBrand } from "../../worker/contracts/brand";

/** The brand the Worker put into the page (no request, no flash of another brand). */
export function readBrand(): PublicBrand {
  const text = document.getElementById("brand-config")?.textContent ?? "";
  return PublicBrand.parse(JSON.parse(text));
}

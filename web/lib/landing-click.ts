import type { PublicBrand } from "../../worker/contracts/brand";
import { api } from "./api";
import { tracking } from "./tracking";

/**
 * importClick: a landing from a tracked link (a tid in the address) is reported once per click id, campaign and
 * page type (the server keeps one), with the page type the path names.
 */
export function reportLandingClick(brand: PublicBrand, url: URL = new URL(window.location.href)) {
  if (!url.searchParams.get("tid")) return;
  const t = tracking();
  const kcampaign = url.searchParams.get("kcampaign") ?? t.campid;
  const pageType = url.pathname.split("/")[1] || "home";
  api.api.payment.api.importClick
    .$post({
      json: {
        clickid: t.trackerId,
        pageType: pageType.slice(0, 64),
        source: t.source.slice(0, 64),
        fluxId: t.fluxId,
        ...(kcampaign ? { kcampaign: kcampaign.slice(0, 64) } : {}),
      },
    })
    .catch((error: unknown) => console.warn(`importClick failed (${brand.id})`, error));
}

import type { PublicBrand } from "../../worker/contracts/brand";
import { Popup, PopupIcon } from "../components/ui/Popup";
import { useI18n } from "../i18n/i18n";
import { useSession } from "../lib/session/session";
import { DoiPopup } from "./DoiPopup";
import { PhotoPopup } from "./PhotoPopup";
import { RegionPopup } from "./RegionPopup";

/** A gift box (an emoji would depend on the fonts of the device). */
const GiftIcon = () => (
  <PopupIcon>
    <rect x="3" y="8" width="18" height="4" rx="1" />
    <path d="M5 12v8a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-8M12 8v13" />
    <path d="M12 8c-1.5-3-5-4-6-2s2 2 6 2c4 0 7 0 6-2s-4.5-1-6 2" />
  </PopupIcon>
);

/** The popups session start and sign-in open, one at a time in the order they were queued. */
export function SessionPopups({ brand }: { brand: PublicBrand }) {
  const { t } = useI18n();
  const { popups, closePopup } = useSession();
  const popup = popups[0];
  if (!popup) return null;
  const close = () => closePopup(popup.id);
  switch (popup.id) {
    case "doi":
      return <DoiPopup key="doi" onClose={close} />;
    case "region":
      return <RegionPopup key="region" onClose={close} />;
    case "photo":
      return <PhotoPopup key="photo" onClose={close} />;
    case "disabled":
      return (
        <Popup
          key="disabled"
          title={t("disabled_title")}
          onClose={close}
          testId="disabled-popup"
          icon={<span aria-hidden="true">⚠</span>}
          actions={
            <button type="button" className="button primary" onClick={close}>
              {t("popup_close")}
            </button>
          }
        >
          <p>{t("utente_disabilitato")}</p>
          <p>
            {t("disabled_contact")} <a href={`mailto:${brand.email}`}>{brand.email}</a>
          </p>
        </Popup>
      );
    case "gift":
      return (
        <Popup
          key="gift"
          title={t("gift_title")}
          onClose={close}
          testId="gift-popup"
          icon={<GiftIcon />}
          actions={
            <button type="button" className="button primary" onClick={close}>
              {t("popup_close")}
            </button>
          }
        >
          <p>{t("gift_text", { count: popup.count })}</p>
        </Popup>
      );
  }
}

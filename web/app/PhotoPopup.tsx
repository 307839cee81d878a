import { useNavigate } from "@tanstack/react-router";
import { Popup, PopupIcon } from "../components/ui/Popup";
import { useI18n } from "../i18n/i18n";

/** A portrait with a plus: "add a photo" (an emoji would depend on the fonts of the device). */
const PhotoIcon = () => (
  <PopupIcon>
    <circle cx="10" cy="8" r="4" />
    <path d="M2 21c0-4 3.5-7 8-7 1.5 0 2.9.3 4 .9M19 14v7M15.5 17.5h7" />
  </PopupIcon>
);

/**
 * The spec's photo upload popup (optional photo, no lastActivity, no image name): the claim that profiles
 * with a photo get 7 times more messages, and the way to the upload on the own profile.
 */
export function PhotoPopup({ onClose }: { onClose: () => void }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  return (
    <Popup
      title={t("photo_popup_title")}
      onClose={onClose}
      testId="photo-popup"
      icon={<PhotoIcon />}
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            {t("photo_popup_later")}
          </button>
          <button
            type="button"
            className="button primary"
            onClick={() => {
              onClose();
              void navigate({ to: "/profile", hash: "photos" });
            }}
          >
            {t("photo_popup_add")}
          </button>
        </>
      }
    >
      <p>{t("photo_popup_text")}</p>
    </Popup>
  );
}

import { type MessageKey, useI18n } from "../../i18n/i18n";
import { AngelPhoto } from "../AngelPhoto";
import { Popup } from "../ui/Popup";
import { PlansLink } from "./PlansLink";
import { VerifyFirst } from "./VerifyFirst";

/** The hook keys this popup shows (the find and chat hooks); file_like's is the like button's OutOfLikesPopup. */
export const upgradeHooks = ["paginazione", "cambia_regione", "blurred", "fine_crediti"] as const;
export type UpgradeHook = (typeof upgradeHooks)[number];

/** Each hook's header, title and text: adding a key does not compile until it has its texts. */
const hookTexts: Record<UpgradeHook, { header: MessageKey; title: MessageKey; text: MessageKey }> = {
  paginazione: {
    header: "hook_paginazione_header",
    title: "hook_paginazione_titolo",
    text: "hook_paginazione_testo",
  },
  cambia_regione: {
    header: "hook_cambia_regione_header",
    title: "hook_cambia_regione_titolo",
    text: "hook_cambia_regione_testo",
  },
  blurred: { header: "hook_blurred_header", title: "hook_blurred_titolo", text: "hook_blurred_testo" },
  fine_crediti: {
    header: "hook_fine_crediti_header",
    title: "hook_fine_crediti_titolo",
    text: "hook_fine_crediti_testo",
  },
};

// Inline, so the popup looks the same wherever a feature opens it (no stylesheet of another feature).
const headerStyle = {
  display: "flex",
  alignItems: "center",
  gap: 12,
  padding: "12px 16px",
  borderRadius: 10,
  color: "#fff",
  background:
    "linear-gradient(135deg, var(--brand-primary), color-mix(in srgb, var(--brand-primary) 60%, #000))",
} as const;

const teaserStyle = {
  display: "flex",
  gap: 12,
  alignItems: "center",
  padding: 10,
  margin: "12px 0 4px",
  borderRadius: 10,
  background: "color-mix(in srgb, var(--brand-primary) 6%, #fff)",
} as const;
const teaserPhotoStyle = { borderRadius: "50%", objectFit: "cover", flex: "none" } as const;
const teaserBlurStyle = { margin: "4px 0 0", filter: "blur(4px)", userSelect: "none" } as const;

/**
 * A hook's popup (money-platform.md: the header varies by hook type): the hook's header, title and text, a
 * close button and the way to the hook's plans (/vip_plan/{hook}); on a flow with age verification the
 * plans page opens instead (VerifyFirst). The spec calls these upgrade prompts "hooks"; the component is
 * named for what it is, so that it is not taken for a React hook.
 * `teaser` shows who wrote a hidden message (the blurred hook: her photo, her name and a blurred filler,
 * never the hidden text, which does not reach the browser); `verify` puts the button that opens the phone
 * verification in the close button's place (verified members read blurred replies).
 */
export function UpgradePopup({
  hook,
  onClose,
  teaser,
  verify,
}: {
  hook: UpgradeHook;
  onClose: () => void;
  teaser?: { name: string; photo: string };
  verify?: () => void;
}) {
  const { t } = useI18n();
  const texts = hookTexts[hook];
  return (
    <VerifyFirst>
      <Popup
        title={t(texts.title)}
        testId={`hook-popup-${hook}`}
        onClose={onClose}
        icon={
          <span className="hook-header" data-testid="hook-header" style={headerStyle}>
            <span style={{ fontSize: "1rem", fontWeight: 700 }}>{t(texts.header)}</span>
          </span>
        }
        actions={
          <>
            {verify ? (
              <button type="button" className="button" onClick={verify} data-testid="hook-verify">
                {t("hook_blurred_verifica")}
              </button>
            ) : (
              <button type="button" className="button" onClick={onClose}>
                {t("popup_close")}
              </button>
            )}
            <PlansLink hook={hook} />
          </>
        }
      >
        {teaser && (
          <div style={teaserStyle} data-testid="hook-teaser">
            <AngelPhoto sources={[teaser.photo]} alt="" width={48} height={48} style={teaserPhotoStyle} />
            <div style={{ minWidth: 0 }}>
              <strong>{t("hook_blurred_teaser", { name: teaser.name })}</strong>
              <p aria-hidden="true" style={teaserBlurStyle}>
                {t("chat_blurred_filler")}
              </p>
            </div>
          </div>
        )}
        <p>{t(texts.text)}</p>
      </Popup>
    </VerifyFirst>
  );
}

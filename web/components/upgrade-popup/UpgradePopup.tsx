import type { ReactNode } from "react";
import { type MessageKey, type Translate, useI18n } from "../../i18n/i18n";
import { AngelPhoto } from "../AngelPhoto";
import { ContentPopup, type PopupContent, type PopupIconName } from "../ui/ContentPopup";
import { VerifyFirst } from "./VerifyFirst";

/**
 * The hook popups (money-platform.md section 2, "hook popups by origin"): the find and chat hooks that lead to
 * the plans; attiva_lettura (read her hidden reply by verifying the phone, free, or with a plan);
 * utente_premium and utente_premium_compliant (a paid member out of credits: a top-up, in the compliant
 * flow's words); iframe (a document of the site, such as the plan's terms, in a frame).
 */
export const upgradeHooks = [
  "paginazione",
  "cambia_regione",
  "blurred",
  "fine_crediti",
  "file_like",
  "attiva_lettura",
  "utente_premium",
  "utente_premium_compliant",
  "iframe",
] as const;
export type UpgradeHook = (typeof upgradeHooks)[number];

/** What a hook popup's buttons may do besides going to a page. */
export type HookAction = "verify_phone";

/** Each hook's texts, icon and the plans page it leads to (none: the popup only informs). */
const hookTexts: Record<
  Exclude<UpgradeHook, "iframe">,
  { header: MessageKey; title: MessageKey; text: MessageKey; icon: PopupIconName; plans: string }
> = {
  paginazione: {
    header: "hook_paginazione_header",
    title: "hook_paginazione_titolo",
    text: "hook_paginazione_testo",
    icon: "crown",
    plans: "paginazione",
  },
  cambia_regione: {
    header: "hook_cambia_regione_header",
    title: "hook_cambia_regione_titolo",
    text: "hook_cambia_regione_testo",
    icon: "pin",
    plans: "cambia_regione",
  },
  blurred: {
    header: "hook_blurred_header",
    title: "hook_blurred_titolo",
    text: "hook_blurred_testo",
    icon: "lock",
    plans: "blurred",
  },
  fine_crediti: {
    header: "hook_fine_crediti_header",
    title: "hook_fine_crediti_titolo",
    text: "hook_fine_crediti_testo",
    icon: "coin",
    plans: "fine_crediti",
  },
  file_like: {
    header: "hook_file_like_header",
    title: "file_like_titolo",
    text: "file_like_testo",
    icon: "heart",
    plans: "file_like",
  },
  attiva_lettura: {
    header: "hook_blurred_header",
    title: "hook_attiva_lettura_titolo",
    text: "hook_attiva_lettura_testo",
    icon: "lock",
    plans: "blurred",
  },
  utente_premium: {
    header: "hook_utente_premium_header",
    title: "hook_fine_crediti_titolo",
    text: "hook_utente_premium_testo",
    icon: "crown",
    plans: "fine_crediti",
  },
  utente_premium_compliant: {
    header: "hook_utente_premium_header",
    title: "hook_fine_crediti_titolo",
    text: "hook_utente_premium_compliant_testo",
    icon: "coin",
    plans: "cred",
  },
};

/**
 * A hook popup's content object: its header, title and text, then close (or, where the member may verify by
 * phone, the verification) and the way on to the hook's plans page.
 */
export function hookContent(
  hook: UpgradeHook,
  t: Translate,
  options: { verify?: boolean; document?: { title: string; html: string } } = {},
): PopupContent<HookAction> {
  if (hook === "iframe") {
    return {
      title: options.document?.title ?? "",
      icona: "page",
      iframe: options.document,
      bottoni: [{ testo: t("popup_close"), primary: true }],
    };
  }
  const texts = hookTexts[hook];
  const plans = {
    testo: t("hook_vai_ai_piani"),
    redirect: `/vip_plan/${texts.plans}`,
    testId: "hook-plans",
  };
  return {
    header: t(texts.header),
    title: t(texts.title),
    descrizione: t(texts.text),
    icona: texts.icon,
    bottoni: options.verify
      ? // Reading is free once the phone is verified: that is the main way, the plans the other.
        [
          plans,
          {
            testo: t("hook_blurred_verifica"),
            icona: "phone",
            onclick: "verify_phone",
            primary: true,
            testId: "hook-verify",
          },
        ]
      : [{ testo: t("popup_close") }, { ...plans, primary: true }],
  };
}

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

/** Who wrote a hidden message: her photo, her name and a blurred filler (never the hidden text). */
function Teaser({ name, photo }: { name: string; photo: string }): ReactNode {
  const { t } = useI18n();
  return (
    <div style={teaserStyle} data-testid="hook-teaser">
      <AngelPhoto sources={[photo]} alt="" width={48} height={48} style={teaserPhotoStyle} />
      <div style={{ minWidth: 0 }}>
        <strong>{t("hook_blurred_teaser", { name })}</strong>
        <p aria-hidden="true" style={teaserBlurStyle}>
          {t("chat_blurred_filler")}
        </p>
      </div>
    </div>
  );
}

/**
 * A hook popup, drawn by the generic content popup (the spec: the header varies by hook type). The spec calls
 * these upgrade prompts "hooks"; the component is named for what it is, so that it is not taken for a React
 * hook. On a flow with age verification it is the plans page instead (VerifyFirst). `teaser` shows who wrote
 * a hidden message; `verify` opens the phone verification (verified members read blurred replies).
 */
export function UpgradePopup({
  hook,
  onClose,
  teaser,
  verify,
  document,
}: {
  hook: UpgradeHook;
  onClose: () => void;
  teaser?: { name: string; photo: string };
  verify?: () => void;
  /** The iframe hook's document. */
  document?: { title: string; html: string };
}) {
  const { t } = useI18n();
  const content = hookContent(hook, t, { verify: verify !== undefined, document });
  const popup = (
    <ContentPopup
      content={content}
      onAction={(action) => {
        if (action === "verify_phone") verify?.();
      }}
      onClose={onClose}
      testId={hook === "file_like" ? "file-like-popup" : `hook-popup-${hook}`}
    >
      {teaser && <Teaser {...teaser} />}
    </ContentPopup>
  );
  // A document is no upgrade: it shows whatever the flow.
  return hook === "iframe" ? popup : <VerifyFirst>{popup}</VerifyFirst>;
}

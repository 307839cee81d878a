import { useState } from "react";
import { UpgradePopup } from "../../components/upgrade-popup/UpgradePopup";
import { useI18n } from "../../i18n/i18n";
import { api } from "../../lib/api";
import { parseSafeHtml, safeHtmlToString } from "../../lib/safe-html";

/**
 * "Read the terms" beside the compliant flow's terms checkbox: the brand's terms of service in the iframe hook's
 * popup (the page stays where it is, with the plan chosen), drawn from the sanitised legal text in a frame
 * that runs no script.
 */
export function TermsPopupLink() {
  const { t, locale } = useI18n();
  const [document, setDocument] = useState<{ title: string; html: string } | null>(null);
  const [failed, setFailed] = useState(false);

  async function open() {
    try {
      const response = await api.legal.$post({
        json: { p: "terms", d: window.location.hostname, l: locale },
      });
      if (!response.ok) throw new Error(`legal answered ${response.status}`);
      const html = safeHtmlToString(parseSafeHtml(await response.text()));
      setDocument({ title: t("vip_termini_titolo"), html });
    } catch (error) {
      console.warn("the terms could not be loaded", error);
      setFailed(true);
    }
  }

  return (
    <>
      <button
        type="button"
        className="link-button plan-terms-link"
        onClick={() => void open()}
        data-testid="plan-terms-read"
      >
        {t(failed ? "errore_generico" : "vip_leggi_termini")}
      </button>
      {document && <UpgradePopup hook="iframe" document={document} onClose={() => setDocument(null)} />}
    </>
  );
}

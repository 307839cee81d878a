import { useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { FormMessage } from "../../components/ui/FormMessage";
import { Spinner } from "../../components/ui/Spinner";
import { useI18n } from "../../i18n/i18n";
import { UNSUBSCRIBE_REDIRECT_MS, unsubscribeMember } from "../../lib/billing";
import { useSession } from "../../lib/session/session";
import "./payments.css";

/** /unsubscribe/: title, subtitle and the one 'Disiscriviti' button; on ok a tooltip, then /find after 3 s. */
export function UnsubscribePage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { state } = useSession();
  const [step, setStep] = useState<"idle" | "working" | "done" | "failed">("idle");
  useEffect(() => {
    if (step !== "done") return;
    const timer = setTimeout(() => void navigate({ to: "/find" }), UNSUBSCRIBE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [step, navigate]);
  if (state.status !== "member") return null;
  const { clickid } = state.member;

  return (
    <section className="unsubscribe card" data-testid="unsubscribe-page">
      <h1>{t("disiscrizione_titolo")}</h1>
      <p>{t("disiscrizione_sottotitolo")}</p>
      <button
        type="button"
        className="button primary"
        data-testid="unsubscribe-button"
        disabled={step === "working" || step === "done"}
        onClick={async () => {
          setStep("working");
          setStep((await unsubscribeMember(clickid)) ? "done" : "failed");
        }}
      >
        {step === "working" ? <Spinner label={t("app_loading")} /> : t("disiscrizione_bottone")}
      </button>
      {step === "done" && (
        <p className="unsubscribe-tooltip" role="status" data-testid="unsubscribe-ok">
          {t("disiscrizione_ok")}
        </p>
      )}
      {step === "failed" && (
        <div data-testid="unsubscribe-ko">
          <FormMessage tone="error">{t("disiscrizione_ko")}</FormMessage>
        </div>
      )}
    </section>
  );
}

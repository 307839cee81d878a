import { Link, useNavigate } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { Popup } from "../components/ui/Popup";
import { useI18n } from "../i18n/i18n";
import { useSession } from "../lib/session/session";

/** Pages for members only: a visitor (no token, or a token that failed verification) gets the sign-up/login popup. */
export function RequireMember({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const { state } = useSession();
  const navigate = useNavigate();
  if (state.status === "member") return children;
  return (
    <Popup
      title={t("auth_popup_title")}
      onClose={() => void navigate({ to: "/" })}
      testId="auth-popup"
      actions={
        <>
          <Link to="/login" className="button">
            {t("nav_login")}
          </Link>
          <Link to="/signup" className="button primary">
            {t("home_register")}
          </Link>
        </>
      }
    >
      <p>{t("auth_popup_text")}</p>
    </Popup>
  );
}

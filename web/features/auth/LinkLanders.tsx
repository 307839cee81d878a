import { Link, useRouter } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { decodeLinkParam } from "../../../worker/contracts/auth";
import { FormMessage } from "../../components/ui/FormMessage";
import { Spinner } from "../../components/ui/Spinner";
import { type MessageKey, useI18n } from "../../i18n/i18n";
import { api, errorOf } from "../../lib/api";
import { once } from "../../lib/once";
import { useLandingParams } from "../../lib/search";
import { useSession } from "../../lib/session/session";
import { store } from "../../lib/storage";
import { decodeRed, safeTarget } from "./links";
import "./auth.css";

function Working({ label }: { label: string }) {
  return (
    <section className="card form center" aria-busy="true">
      <Spinner label={label} />
      <p className="muted">{label}</p>
    </section>
  );
}

/**
 * /confirmEmail?token: the activation link confirms the address and logs in, then goes to /match (the
 * spec; flow 0000, which has no match screen, goes on to /find). A refused link says so and offers the login.
 */
export function ConfirmEmailPage() {
  const { t } = useI18n();
  const { signIn } = useSession();
  const router = useRouter();
  const params = useLandingParams("/confirmEmail");
  const token = params?.get("token");
  const [error, setError] = useState<MessageKey | null>(params && !token ? "token_expired" : null);

  useEffect(() => {
    if (!params) return;
    if (!token) {
      console.warn("confirmEmail: the link has no token");
      return;
    }
    let active = true;
    once(`confirm:${token}`, async () => {
      const response = await api.users.confirmEmail.$post({ json: { token: decodeLinkParam(token) } });
      return response.ok
        ? ({ ok: true, body: await response.json() } as const)
        : ({ ok: false, error: await errorOf(response) } as const);
    })
      .then((result) => {
        if (!active) return;
        if (result.ok) {
          signIn(result.body);
          router.history.replace("/match");
          return;
        }
        console.warn("confirmEmail: the link was refused", result.error.code);
        setError(result.error.code === "1008" ? "utente_disabilitato" : "token_expired");
      })
      .catch((failure: unknown) => {
        console.warn("confirmEmail did not reach the server", failure);
        if (active) setError("errore_generico");
      });
    return () => {
      active = false;
    };
  }, [params, token, signIn, router]);

  if (!error) return <Working label={t("confirm_loading")} />;
  return (
    <section className="card form">
      <h1>{t("doi_title")}</h1>
      <FormMessage tone="error">{t(error)}</FormMessage>
      <Link to="/login" className="button primary">
        {t("nav_login")}
      </Link>
    </section>
  );
}

/**
 * The spec's `GET users/{clickid}` after an auto-login: the link's channel (tipoautologin), what it was about
 * (eventoautologin) and the remarketing clickid complete the click the sign-in recorded.
 */
function landed(
  session: { clickid: string; token: string },
  channel: "email" | "telegram",
  evento: string | null,
  remarketing: string | null | undefined,
) {
  return api.users[":clickid"].$get(
    {
      param: { clickid: session.clickid },
      header: {
        tipoautologin: channel,
        ...(evento && /^[\w.-]{1,40}$/.test(evento) ? { eventoautologin: evento } : {}),
        ...(remarketing ? { remarketingclickid: remarketing } : {}),
      },
    },
    { headers: { authorization: `Bearer ${session.token}` } },
  );
}

/**
 * /autologin and /autologin_telegram?red&token&clickid(&evento): logs in with the link's token, records the click,
 * and goes to the red target (base64, "~" for "/" and "*" for "+"; only paths of this site, else /find).
 * Failures are logged: no token or a refused token go to /, an unreadable target to /find.
 */
export function AutoLoginPage({ channel }: { channel: "email" | "telegram" }) {
  const { t } = useI18n();
  const { signIn } = useSession();
  const router = useRouter();
  const params = useLandingParams(channel === "email" ? "/autologin" : "/autologin_telegram");
  const token = params?.get("token");
  const red = params?.get("red") ?? null;
  const evento = params?.get("evento") ?? null;

  useEffect(() => {
    if (!params) return;
    const go = (path: string) => router.history.replace(path);
    if (!token) {
      console.warn("autologin: the link has no token");
      go("/");
      return;
    }
    const decoded = decodeRed(red);
    if (red && decoded === null) console.warn("autologin: red is not base64", red);
    const target = safeTarget(decoded, window.location.origin);
    const remarketing = store.get("remarketing_clickid");
    let active = true;
    once(`autologin:${token}`, async () => {
      const response = await api.users.autoLogin.$post({
        json: {
          token: decodeLinkParam(token),
          channel,
          ...(remarketing ? { remarketing_clickid: remarketing } : {}),
        },
      });
      return response.ok
        ? ({ ok: true, body: await response.json() } as const)
        : ({ ok: false, error: await errorOf(response) } as const);
    })
      .then((result) => {
        if (!active) return;
        if (result.ok) {
          signIn(result.body);
          // The spec's landing call: its answer is ignored, the page goes on at once.
          void landed(result.body, channel, evento, remarketing).catch(() => undefined);
          go(target);
          return;
        }
        console.warn("autologin: the token was refused", result.error.code);
        go("/");
      })
      .catch((failure: unknown) => {
        console.warn("autologin did not reach the server", failure);
        if (active) go("/");
      });
    return () => {
      active = false;
    };
  }, [params, token, red, evento, channel, signIn, router]);

  return <Working label={t("app_loading")} />;
}

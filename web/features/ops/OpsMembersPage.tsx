import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { FormMessage } from "../../components/ui/FormMessage";
import { useI18n } from "../../i18n/i18n";
import { opsMemberSearchQuery } from "./ops-queries";
import { useSignOutOnUnauthorized } from "./ops-session";

/** Supervisors find a member by their full e-mail address or clickid, then open their payments and credits. */
export function OpsMembersPage() {
  const { t, locale } = useI18n();
  const [draft, setDraft] = useState("");
  const [q, setQ] = useState("");
  const query = useQuery(opsMemberSearchQuery(q));
  useSignOutOnUnauthorized(query.error);
  const day = new Intl.DateTimeFormat(locale, { dateStyle: "medium" });

  function search(e: FormEvent) {
    e.preventDefault();
    setQ(draft.trim());
  }

  return (
    <section className="ops-members">
      <header className="ops-page-head">
        <h1>{t("ops_members_title")}</h1>
      </header>
      <form className="card ops-search" onSubmit={search}>
        <label className="ops-reply">
          <span className="small muted">{t("ops_members_search_label")}</span>
          <input
            name="q"
            type="search"
            value={draft}
            minLength={3}
            maxLength={254}
            autoComplete="off"
            onChange={(e) => setDraft(e.target.value)}
          />
        </label>
        <button type="submit" className="button primary" disabled={draft.trim().length < 3}>
          {t("ops_members_search")}
        </button>
      </form>
      {query.error && !query.isFetching && <FormMessage tone="error">{t("ops_error_generic")}</FormMessage>}
      {query.data?.length === 0 && <p className="muted">{t("ops_members_none")}</p>}
      {query.data && query.data.length > 0 && (
        <ul className="ops-list">
          {query.data.map((m) => (
            <li
              key={m.clickid}
              className="card ops-item"
              data-testid="ops-member-hit"
              data-clickid={m.clickid}
            >
              <div className="ops-item-main">
                <p className="ops-item-who">
                  <strong>{m.name ?? t("ops_member_no_name")}</strong>
                  <span className="badge ops-brand">{m.brandTitle}</span>
                  {m.disabled && <span className="badge">{t("ops_members_disabled")}</span>}
                </p>
                <p className="muted small">
                  {m.email} · <code className="ops-code">{m.clickid}</code> ·{" "}
                  {t("ops_members_joined", { date: day.format(new Date(m.createdAt)) })}
                </p>
                <p className="small">
                  {t("ops_profile_premium")}: {m.premiumLevel} · {t("ops_profile_credits")}:{" "}
                  {m.creditiMessaggi}
                </p>
              </div>
              <div className="ops-item-side">
                <Link
                  to="/ops/members/$clickid"
                  params={{ clickid: m.clickid }}
                  className="button small primary"
                >
                  {t("ops_money_link")}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

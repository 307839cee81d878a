import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useEffect, useRef, useState } from "react";
import type { z } from "zod";
import type { ConversationView, Operator } from "../../../worker/contracts/ops";
import { FormMessage } from "../../components/ui/FormMessage";
import { type MessageKey, useI18n } from "../../i18n/i18n";
import { errorOf, HttpError, okJson } from "../../lib/api";
import { countdown, opsApi, opsErrorKey } from "./ops-api";
import { opsConversationQuery } from "./ops-queries";
import { useOps, useSignOutOnUnauthorized } from "./ops-session";
import "../../components/conversation.css";

type View = z.infer<typeof ConversationView>;
type Notice = { tone: "error" | "success"; key: MessageKey };
/** What the operator does to the conversation: hold it, let it go, or answer as the profile. */
type Step = { kind: "take" } | { kind: "release" } | { kind: "reply"; msg: string };

export function OpsConversationPage({
  operator,
  clickid,
  angelId,
}: {
  operator: Operator;
  clickid: string;
  angelId: number;
}) {
  const { t, locale } = useI18n();
  const { expired } = useOps();
  const [text, setText] = useState("");
  const [notice, setNotice] = useState<Notice | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const bottom = useRef<HTMLDivElement>(null);
  const param = { clickid, angelId: String(angelId) };
  const conversation = opsApi.conversations[":clickid"][":angelId"];

  const queryClient = useQueryClient();
  const viewQuery = opsConversationQuery(clickid, angelId);
  const query = useQuery(viewQuery);
  useSignOutOnUnauthorized(query.error);
  const view = query.data ?? null;
  const missing = query.error instanceof HttpError && query.error.status === 404;
  const setNotes = (notes: View["notes"]) =>
    queryClient.setQueryData(viewQuery.queryKey, (v) => (v ? { ...v, notes } : v));

  // The lease countdown ticks every second.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const count = view?.messages.length ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when the number of messages changes.
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: "end" });
  }, [count]);

  const act = useMutation({
    mutationFn: async (step: Step) => {
      const response = await (step.kind === "reply"
        ? conversation.reply.$post({ param, json: { msg: step.msg } })
        : conversation[step.kind].$post({ param }));
      if (response.status === 401) return { expired: true as const };
      return {
        expired: false as const,
        ok: response.ok,
        failure: response.ok ? null : opsErrorKey((await errorOf(response)).code),
      };
    },
    onMutate: () => setNotice(null),
    // The step stays busy until the conversation is read again.
    onSuccess: async (outcome, step) => {
      if (outcome.expired) return expired();
      if (outcome.failure) setNotice({ tone: "error", key: outcome.failure });
      else if (step.kind === "reply") setNotice({ tone: "success", key: "ops_reply_sent" });
      await query.refetch();
      if (outcome.ok && step.kind === "reply") setText("");
    },
    onError: () => setNotice({ tone: "error", key: "ops_error_generic" }),
  });
  const busy = act.isPending;

  function reply(e: FormEvent) {
    e.preventDefault();
    const msg = text.trim();
    if (!msg) return;
    act.mutate({ kind: "reply", msg });
  }

  if (missing) {
    return (
      <section className="ops-conversation">
        <FormMessage tone="error">{t("ops_error_no_conversation")}</FormMessage>
        <Link to="/ops">{t("ops_back")}</Link>
      </section>
    );
  }
  if (!view) return <p className="muted center">{t("app_loading")}</p>;

  const lease = view.lease;
  const mine = lease?.operatorId === operator.id;
  const left = lease ? Date.parse(lease.expiresAt) - now : 0;
  const time = new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit", second: "2-digit" });
  const { member, angel } = view;
  const place = [member.city, member.region, member.country.toUpperCase()].filter(Boolean).join(", ");
  const names = new Intl.DisplayNames([locale], { type: "language" });

  return (
    <section className="ops-conversation">
      <header className="ops-page-head">
        <Link to="/ops" className="back-link">
          ← {t("ops_back")}
        </Link>
        <div className="ops-lease-bar" data-testid="ops-lease">
          {mine && left > 0 ? (
            <>
              <span className="ops-lease mine">{t("ops_lease_left", { time: countdown(left) })}</span>
              <button
                type="button"
                className="button small"
                disabled={busy}
                onClick={() => act.mutate({ kind: "release" })}
              >
                {t("ops_release")}
              </button>
            </>
          ) : lease && !mine ? (
            <span className="ops-lease other">{t("ops_lease_other", { name: lease.operatorName })}</span>
          ) : (
            <>
              <span className="muted">{t("ops_lease_none")}</span>
              <button
                type="button"
                className="button small primary"
                disabled={busy}
                onClick={() => act.mutate({ kind: "take" })}
              >
                {t("ops_take")}
              </button>
            </>
          )}
        </div>
      </header>

      <div className="ops-columns">
        <div className="card ops-chat">
          <div className="chat-header">
            <img className="avatar" src={angel.photo} alt="" width={40} height={40} />
            {/* The page's heading: who talks with whom. */}
            <h1 className="ops-conversation-title">
              {t("ops_conversation_title", {
                angel: angel.screenName,
                member: member.name ?? t("ops_member_no_name"),
              })}
            </h1>
          </div>
          <div className="messages ops-messages" data-testid="ops-messages">
            {view.messages.length === 0 && <p className="muted center">{t("ops_no_messages")}</p>}
            {view.messages.map((m) => (
              <div
                key={m.id}
                className={`bubble ${m.type === "angel" ? "mine" : "theirs"}${m.scheduled ? " scheduled" : ""}`}
                data-testid={m.type === "angel" ? "ops-angel-message" : "ops-member-message"}
              >
                <p>{m.msg}</p>
                <time dateTime={m.time}>
                  {m.scheduled
                    ? t("ops_scheduled", { time: time.format(new Date(m.time)) })
                    : time.format(new Date(m.time))}
                </time>
              </div>
            ))}
            <div ref={bottom} />
          </div>
          {notice && (
            <FormMessage tone={notice.tone}>
              {t(notice.key, { name: angel.screenName, capacity: operator.capacity })}
            </FormMessage>
          )}
          <form className="composer" onSubmit={reply}>
            <label className="ops-reply">
              <span className="small muted">{t("ops_reply_label", { name: angel.screenName })}</span>
              <textarea
                name="reply"
                rows={3}
                value={text}
                maxLength={2000}
                disabled={!mine}
                onChange={(e) => setText(e.target.value)}
              />
            </label>
            <button type="submit" className="button primary" disabled={!mine || busy || !text.trim()}>
              {t("ops_reply_send")}
            </button>
          </form>
        </div>

        <aside className="ops-side">
          <section className="card ops-profile" data-testid="ops-member-profile">
            <h2>{t("ops_member")}</h2>
            <div className="ops-angel-head">
              {member.photo && (
                <img
                  src={member.photo}
                  alt={t("ops_member_photo")}
                  width={72}
                  height={72}
                  className="avatar"
                  data-testid="ops-member-photo"
                />
              )}
              <p className="ops-profile-name">
                <strong>{member.name ?? t("ops_member_no_name")}</strong>
              </p>
            </div>
            <dl className="ops-facts">
              <dt>{t("ops_profile_age")}</dt>
              <dd>{member.age ?? "—"}</dd>
              <dt>{t("ops_profile_place")}</dt>
              <dd>{place || "—"}</dd>
              <dt>{t("ops_profile_site")}</dt>
              <dd>{member.brandTitle}</dd>
              <dt>{t("ops_profile_language")}</dt>
              <dd>{names.of(member.language) ?? member.language}</dd>
              <dt>{t("ops_profile_premium")}</dt>
              <dd>{member.premiumLevel}</dd>
              <dt>{t("ops_profile_credits")}</dt>
              <dd>{member.creditiMessaggi}</dd>
              <dt>{t("ops_profile_verified")}</dt>
              <dd>{member.verified ? t("ops_yes") : t("ops_no")}</dd>
            </dl>
            {member.description && (
              <p className="small ops-member-text" data-testid="ops-member-description">
                {member.description}
              </p>
            )}
            {member.seeking && (
              <p className="small ops-member-text">
                <strong>{t("ops_member_seeking")}</strong> {member.seeking}
              </p>
            )}
            <Link
              to="/ops/members/$clickid"
              params={{ clickid: member.clickid }}
              className="button small"
              data-testid="ops-money-link"
            >
              {t("ops_money_link")}
            </Link>
          </section>

          <section className="card ops-profile" data-testid="ops-angel-profile">
            <h2>{t("ops_angel")}</h2>
            <div className="ops-angel-head">
              <img src={angel.photo} alt="" width={72} height={72} className="avatar" />
              <p>
                <strong>{angel.screenName}</strong>, {angel.age}
                <br />
                <span className="muted small">
                  {angel.city}, {angel.region} ({angel.country.toUpperCase()})
                </span>
              </p>
            </div>
            <p className="small">
              <em>{angel.about}</em>
            </p>
            <p className="small">{angel.description}</p>
          </section>

          <PersonaNotes operator={operator} angelId={angel.id} notes={view.notes} onSaved={setNotes} />
        </aside>
      </div>
    </section>
  );
}

function PersonaNotes({
  operator,
  angelId,
  notes,
  onSaved,
}: {
  operator: Operator;
  angelId: number;
  notes: View["notes"];
  onSaved: (notes: View["notes"]) => void;
}) {
  const { t, locale } = useI18n();
  const editor = operator.role !== "operator";
  const [draft, setDraft] = useState(notes.notes);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [dirty, setDirty] = useState(false);
  // The page refreshes by itself: the saved text replaces the draft unless the supervisor is typing.
  useEffect(() => {
    if (!dirty) setDraft(notes.notes);
  }, [notes.notes, dirty]);

  const saveNotes = useMutation({
    mutationFn: async (text: string) =>
      okJson(
        await opsApi.angels[":angelId"].notes.$put({
          param: { angelId: String(angelId) },
          json: { notes: text },
        }),
      ),
    onSuccess: (saved) => {
      onSaved(saved);
      setDirty(false);
      setNotice({ tone: "success", key: "ops_notes_saved" });
    },
    onError: () => setNotice({ tone: "error", key: "ops_error_generic" }),
  });

  function save(e: FormEvent) {
    e.preventDefault();
    saveNotes.mutate(draft);
  }

  const edited =
    notes.updatedBy && notes.updatedAt
      ? t("ops_notes_by", {
          name: notes.updatedBy,
          time: new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "short" }).format(
            new Date(notes.updatedAt),
          ),
        })
      : null;
  return (
    <section className="card ops-profile" data-testid="ops-notes">
      <h2>{t("ops_notes")}</h2>
      {editor ? (
        <form className="ops-notes-form" onSubmit={save}>
          <textarea
            aria-label={t("ops_notes")}
            rows={5}
            value={draft}
            maxLength={5000}
            onChange={(e) => {
              setDraft(e.target.value);
              setDirty(true);
            }}
          />
          <button type="submit" className="button small" disabled={!dirty}>
            {t("ops_notes_save")}
          </button>
        </form>
      ) : (
        <p className="ops-notes-text">{notes.notes || t("ops_notes_empty")}</p>
      )}
      {edited && <p className="muted small">{edited}</p>}
      {notice && <FormMessage tone={notice.tone}>{t(notice.key)}</FormMessage>}
    </section>
  );
}

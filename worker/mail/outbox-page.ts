// The local outbox's page (/dev/outbox): the mails kept instead of sent, then the text messages, the Telegram
// messages, the postbacks and the pushes, with their links clickable.
import { escapeHtml } from "../core/html";
import { TELEGRAM_OUTBOX_LIMIT, type telegramOutboxRows } from "../notifications/telegram/telegram.service";
import { SMS_OUTBOX_LIMIT, type SmsOutboxRow } from "../sms/sms.service";
import type { ListedPostbackRow } from "../tracking/postbacks.service";
import { OUTBOX_LIMIT, type OutboxMail } from "./mail.service";

/** Escapes the text and makes its http(s) links clickable. */
function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"']+)/g)
    .map((part, i) =>
      i % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part),
    )
    .join("");
}

function smsHtml(rows: SmsOutboxRow[]): string {
  const e = escapeHtml;
  const items = rows
    .map(
      (m) => `<article>
<p class="meta">To <strong>${e(m.to)}</strong> · ${e(m.brandId)} · <time datetime="${e(m.createdAt.toISOString())}">${e(m.createdAt.toISOString())}</time></p>
<pre>${e(m.body)}</pre>
</article>`,
    )
    .join("\n");
  return `<h1 id="sms">Text messages</h1>
<p>SMS kept locally instead of sent, newest first (at most ${SMS_OUTBOX_LIMIT}). As JSON: <a href="/dev/outbox/sms.json">/dev/outbox/sms.json</a>.</p>
${items || "<p>No text message yet.</p>"}`;
}

type TelegramOutboxRow = Awaited<ReturnType<typeof telegramOutboxRows>>[number];

function telegramHtml(rows: TelegramOutboxRow[]): string {
  const e = escapeHtml;
  const items = rows
    .map(
      (m) => `<article>
<p class="meta">Chat <strong>${e(m.chatId)}</strong> · ${e(m.brandId)} · <time datetime="${e(m.createdAt.toISOString())}">${e(m.createdAt.toISOString())}</time></p>
<pre>${linkify(
        m.text
          .replace(/<a href="([^"]+)">[^<]*<\/a>/g, "$1")
          .replace(/<[^>]+>/g, "")
          .replaceAll("&lt;", "<")
          .replaceAll("&gt;", ">")
          .replaceAll("&amp;", "&"),
      )}</pre>
</article>`,
    )
    .join("\n");
  return `<h1 id="telegram">Telegram</h1>
<p>Telegram messages kept locally instead of sent (brands without a bot token), newest first (at most ${TELEGRAM_OUTBOX_LIMIT}). As JSON: <a href="/dev/outbox/telegram.json">/dev/outbox/telegram.json</a>.</p>
${items || "<p>No Telegram message yet.</p>"}`;
}

/** The postbacks a brand without a tracker keeps (and the others' recent ones), newest first. */
function postbacksHtml(rows: ListedPostbackRow[]): string {
  const e = escapeHtml;
  const items = rows
    .map(
      (p) =>
        `<tr><td>${e(p.createdAt)}</td><td>${e(p.brandId)}</td><td>${e(p.kind)}</td><td>${e(p.clickid)}</td><td>${p.payoutCents ?? ""} ${e(p.currency ?? "")}</td><td>${e(p.status)}</td><td>${p.attempts}</td><td>${e(p.lastError ?? "")}</td></tr>`,
    )
    .join("\n");
  return `<h1 id="postbacks">Postbacks</h1>
<p>Tracker postbacks, newest first (at most 50); a brand without a tracker template keeps them here. As JSON: <a href="/dev/outbox/postbacks.json">/dev/outbox/postbacks.json</a>.</p>
${items ? `<table><thead><tr><th>created</th><th>brand</th><th>event</th><th>clickid</th><th>payout (cents)</th><th>status</th><th>attempts</th><th>last error</th></tr></thead><tbody>${items}</tbody></table>` : "<p>No postback yet.</p>"}`;
}

export function outboxHtml(
  rows: OutboxMail[],
  to: string | undefined,
  sms: SmsOutboxRow[],
  telegram: TelegramOutboxRow[],
  tracked: ListedPostbackRow[] = [],
  push = "",
): string {
  const e = escapeHtml;
  const items = rows
    .map(
      (m) => `<article>
<h2>${e(m.subject)}</h2>
<p class="meta">To <strong>${e(m.to)}</strong> · from ${e(m.from)} · ${e(m.template)} (${e(m.language)}, ${e(m.brandId)}) · <time datetime="${e(m.createdAt.toISOString())}">${e(m.createdAt.toISOString())}</time></p>
${
  m.headers
    ? `<p class="meta">${Object.entries(m.headers)
        .map(([k, v]) => `${e(k)}: ${e(v)}`)
        .join("<br>")}</p>`
    : ""
}
<pre>${linkify(m.text)}</pre>
<details><summary>HTML part</summary><iframe sandbox title="${e(m.subject)}" srcdoc="${e(m.html)}"></iframe></details>
</article>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="robots" content="noindex">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox</title>
<style>
body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#222}
article{border:1px solid #ddd;border-radius:8px;padding:0 1rem 1rem;margin:0 0 1rem}
h2{font-size:1.1rem}.meta{color:#555;font-size:.9rem}
pre{white-space:pre-wrap;word-break:break-word;background:#f7f7f7;padding:.75rem;border-radius:6px}
iframe{width:100%;height:640px;border:1px solid #eee}
table{border-collapse:collapse;font-size:.85rem}td,th{border:1px solid #ddd;padding:.25rem .5rem;text-align:left}
</style>
</head>
<body>
<h1>Outbox</h1>
<p>Mail kept locally instead of sent, newest first (at most ${OUTBOX_LIMIT})${to ? ` to <strong>${e(to)}</strong> (<a href="/dev/outbox">all</a>)` : ""}. As JSON: <a href="/dev/outbox.json">/dev/outbox.json</a>. Text messages and Telegram are <a href="#sms">below</a>.</p>
${items || "<p>No mail yet.</p>"}
${smsHtml(sms)}
${telegramHtml(telegram)}
${postbacksHtml(tracked)}
${push}
</body>
</html>
`;
}

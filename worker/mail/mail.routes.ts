import { createRoute } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import {
  type MailgunSignature,
  MailgunWebhook,
  MailRemoveResult,
  OutboxMessages,
  OutboxQuery,
  SmsOutboxMessages,
  SmsOutboxQuery,
  TelegramOutboxMessages,
} from "../contracts/mail";
import { AppError } from "../core/errors";
import { escapeHtml } from "../core/html";
import { logEvent } from "../core/log";
import { localOnly } from "../core/middleware";
import { errorResponse, featureApp, htmlPage, json } from "../core/openapi";
import type { AppEnv } from "../env";
import { pushOutboxHtml } from "../notifications/push-outbox.service";
import { TELEGRAM_OUTBOX_LIMIT, telegramOutboxRows } from "../notifications/telegram/telegram.service";
import { changeMarketingConsents } from "../privacy/consents.service";
import { SMS_OUTBOX_LIMIT, type SmsOutboxRow, smsOutboxRows } from "../sms/sms.service";
import { type ListedPostbackRow, listPostbacks } from "../tracking/postbacks.service";
import { OUTBOX_LIMIT, type OutboxMail, outboxRows, suppressAddress } from "./mail.service";

/** Mailgun webhook signatures older (or further ahead) than this are refused as replays. */
export const WEBHOOK_MAX_AGE_S = 15 * 60;
/** Tokens remembered per isolate to refuse a replay inside the age window (Mailgun's are single use). */
const SEEN_TOKENS_MAX = 10_000;

/**
 * Malformed JSON answers 400 in the app's error shape: the body validator's own HTTPException would
 * otherwise reach app.onError as an unexpected error (500).
 */
const jsonBody = createMiddleware<AppEnv>(async (c, next) => {
  if (!/^application\/json\b/i.test(c.req.header("content-type") ?? "")) {
    throw new AppError(415, "unsupported_media_type", "body: send application/json", { field: "body" });
  }
  try {
    await c.req.json();
  } catch {
    throw new AppError(400, "invalid_input", "body: malformed JSON", { field: "body" });
  }
  await next();
});

const outboxPage = createRoute({
  method: "get",
  path: "/dev/outbox",
  tags: ["dev"],
  summary: "Local only: the mails kept instead of sent, newest first, as a page with clickable links",
  middleware: [localOnly] as const,
  request: { query: OutboxQuery },
  responses: {
    200: htmlPage("an HTML page"),
    404: errorResponse("in production"),
  },
});

const outboxJson = createRoute({
  method: "get",
  path: "/dev/outbox.json",
  tags: ["dev"],
  summary: "Local only: the mails kept instead of sent, newest first",
  middleware: [localOnly] as const,
  request: { query: OutboxQuery },
  responses: {
    200: {
      description: "messages, newest first",
      ...json(OutboxMessages),
    },
    404: errorResponse("in production"),
  },
});

const smsOutboxJson = createRoute({
  method: "get",
  path: "/dev/outbox/sms.json",
  tags: ["dev"],
  summary: "Local only: the text messages (SMS) kept instead of sent, newest first",
  middleware: [localOnly] as const,
  request: { query: SmsOutboxQuery },
  responses: {
    200: {
      description: "messages, newest first",
      ...json(SmsOutboxMessages),
    },
    404: errorResponse("in production"),
  },
});

const telegramOutboxJson = createRoute({
  method: "get",
  path: "/dev/outbox/telegram.json",
  tags: ["dev"],
  summary:
    "Local only: the Telegram messages kept instead of sent (brands without a bot token), newest first",
  middleware: [localOnly] as const,
  responses: {
    200: {
      description: "messages, newest first",
      ...json(TelegramOutboxMessages),
    },
    404: errorResponse("in production"),
  },
});

const mailRemove = createRoute({
  method: "post",
  path: "/cron/mailRemove",
  tags: ["mail"],
  summary: "Mailgun webhook: the recipient unsubscribed (or complained, or bounced for good)",
  middleware: [jsonBody] as const,
  request: { body: { ...json(MailgunWebhook), required: true } },
  responses: {
    200: {
      description: "accepted; suppressed says whether the event stopped mail to the recipient",
      ...json(MailRemoveResult),
    },
    400: errorResponse("the body is not Mailgun's event"),
    401: errorResponse("missing, wrong, stale or reused signature"),
  },
});

/** Mailgun events after which the address must get no more mail. */
function stopsMail(event: { event: string; severity?: string }): boolean {
  if (event.event === "unsubscribed" || event.event === "complained") return true;
  return event.event === "failed" && event.severity === "permanent";
}

const seenTokens = new Map<string, number>();

function rememberToken(token: string, timestamp: number) {
  const oldest = Date.now() / 1000 - WEBHOOK_MAX_AGE_S;
  for (const [seen, at] of seenTokens) {
    if (at < oldest || seenTokens.size >= SEEN_TOKENS_MAX) seenTokens.delete(seen);
    else break;
  }
  seenTokens.set(token, timestamp);
}

const hexBytes = (hex: string) => {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
};

/**
 * Mailgun's documented check: HMAC-SHA256 of timestamp + token with the webhook signing key, hex.
 * `crypto.subtle.verify` compares in constant time. Stale timestamps and tokens already seen are refused.
 */
async function checkSignature(
  signingKey: string | undefined,
  signature: MailgunSignature | undefined,
): Promise<"ok" | "unconfigured" | "missing" | "mismatch" | "stale" | "replayed"> {
  if (!signingKey) return "unconfigured";
  if (!signature?.token || !/^[0-9a-f]{64}$/i.test(signature.signature)) return "missing";
  const timestamp = String(signature.timestamp);
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(signingKey),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["verify"],
  );
  const valid = await crypto.subtle.verify(
    "HMAC",
    key,
    hexBytes(signature.signature),
    new TextEncoder().encode(timestamp + signature.token),
  );
  if (!valid) return "mismatch";
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > WEBHOOK_MAX_AGE_S) return "stale";
  if (seenTokens.has(signature.token)) return "replayed";
  return "ok";
}

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

function outboxHtml(
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

export const mailRoutes = featureApp()
  .openapi(outboxPage, async (c) => {
    const { to } = c.req.valid("query");
    const [mails, sms, telegram, tracked, push] = await Promise.all([
      outboxRows(c.var.db, to),
      smsOutboxRows(c.var.db, undefined),
      telegramOutboxRows(c.var.db),
      listPostbacks(c.var.db, { brands: null, limit: 50 }),
      pushOutboxHtml(c.var.db),
    ]);
    return c.html(outboxHtml(mails, to, sms, telegram, tracked, push), 200);
  })
  .openapi(telegramOutboxJson, async (c) => {
    const rows = await telegramOutboxRows(c.var.db);
    return c.json({ messages: rows.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) }, 200);
  })
  .openapi(smsOutboxJson, async (c) => {
    const rows = await smsOutboxRows(c.var.db, c.req.valid("query").to);
    return c.json({ messages: rows.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) }, 200);
  })
  .openapi(outboxJson, async (c) => {
    const { to } = c.req.valid("query");
    const rows = await outboxRows(c.var.db, to);
    return c.json({ messages: rows.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) }, 200);
  })
  .openapi(mailRemove, async (c) => {
    const body = c.req.valid("json");
    const verdict = await checkSignature(c.var.config.mailgunWebhookSigningKey, body.signature);
    if (verdict !== "ok") {
      logEvent(verdict === "unconfigured" ? "error" : "warn", "mail.webhook_refused", {
        requestId: c.var.requestId,
        reason: verdict,
      });
      throw new AppError(401, "invalid_signature", "The webhook signature is missing, wrong or stale.");
    }
    const event = body["event-data"];
    const signature = body.signature;
    if (!stopsMail(event)) {
      if (signature) rememberToken(signature.token, Number(signature.timestamp));
      logEvent("info", "mail.webhook_ignored", { requestId: c.var.requestId, mailEvent: event.event });
      return c.json({ result: "OK" as const, suppressed: false }, 200);
    }
    const email = event.recipient.toLowerCase();
    const updated = await suppressAddress(c.var.db, email, event.event);
    // An unsubscribe or a complaint is also the promotional consent withdrawn (GDPR art. 7(3)), recorded as such.
    if (event.event === "unsubscribed" || event.event === "complained") {
      for (const { id } of updated) {
        await changeMarketingConsents(c.var.db, id, { promotions: false }, "unsubscribe");
      }
    }
    if (signature) rememberToken(signature.token, Number(signature.timestamp));
    logEvent("info", "mail.unsubscribed", {
      requestId: c.var.requestId,
      mailEvent: event.event,
      accountIds: updated.map((a) => a.id),
    });
    return c.json({ result: "OK" as const, suppressed: true }, 200);
  });

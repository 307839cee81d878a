// The pushes kept instead of sent (local runs without VAPID keys), for /dev/outbox and its JSON.
import { desc } from "drizzle-orm";
import { pushOutbox } from "../../drizzle/schema/notifications";
import type { Db } from "../core/db";
import { escapeHtml } from "../core/html";

export const PUSH_OUTBOX_LIMIT = 100;

export function pushOutboxRows(db: Db) {
  return db.select().from(pushOutbox).orderBy(desc(pushOutbox.id)).limit(PUSH_OUTBOX_LIMIT);
}

/** The outbox page's section of pushes. */
export async function pushOutboxHtml(db: Db): Promise<string> {
  const e = escapeHtml;
  const items = (await pushOutboxRows(db))
    .map(
      (p) => `<article>
<p class="meta">Account ${e(String(p.accountId))} · ${e(p.brandId)} · ${e(new URL(p.endpoint).host)} · <time datetime="${e(p.createdAt.toISOString())}">${e(p.createdAt.toISOString())}</time></p>
<pre>${e(p.payload)}</pre>
</article>`,
    )
    .join("\n");
  return `<h1 id="push">Web push</h1>
<p>Pushes kept locally instead of sent (no VAPID keys), newest first (at most ${PUSH_OUTBOX_LIMIT}). As JSON: <a href="/dev/outbox/push.json">/dev/outbox/push.json</a>.</p>
${items || "<p>No push yet.</p>"}`;
}

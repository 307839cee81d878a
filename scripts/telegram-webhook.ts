// Registers a brand's Telegram bot webhook (setWebhook) at https://<domain>/hooks/telegram/<brand>, with the
// secret token the Worker expects in X-Telegram-Bot-Api-Secret-Token, and checks the token's bot is the
// brand's `nome_bot` (getMe). Run once per brand after deploying, and again after rotating a secret:
//
//   TELEGRAM_BOT_TOKEN=<the brand's token> TELEGRAM_WEBHOOK_SECRET=<the Worker's secret> \
//     npx tsx scripts/telegram-webhook.ts amoreitalia [--origin https://amoreitalia.example]
//
// TELEGRAM_API_BASE points it at another Bot API server (the tests' fake). Neither secret is printed.
import { parseArgs } from "node:util";
import { brandIds, brands } from "../worker/brands/registry";
import { botApi } from "../worker/notifications/telegram/bot-api";
import { webhookSecretFor } from "../worker/notifications/telegram/telegram.service";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { origin: { type: "string" } },
});
const brandId = positionals[0];
const entry = brandIds.find((id) => id === brandId);
if (!entry) {
  console.error(`usage: telegram-webhook.ts <${brandIds.join("|")}> [--origin https://host]`);
  process.exit(2);
}
const token = process.env.TELEGRAM_BOT_TOKEN?.trim();
const secret = process.env.TELEGRAM_WEBHOOK_SECRET?.trim();
if (!token || !secret || new TextEncoder().encode(secret).byteLength < 32) {
  console.error("set TELEGRAM_BOT_TOKEN and TELEGRAM_WEBHOOK_SECRET (at least 32 bytes, the Worker's value)");
  process.exit(2);
}
const brand = brands[entry];
const origin = (values.origin ?? `https://${brand.public.domain}`).replace(/\/+$/, "");
const api = botApi(
  {
    apiBase: (process.env.TELEGRAM_API_BASE ?? "https://api.telegram.org").replace(/\/+$/, ""),
    timeoutMs: 10_000,
    webhookSecret: secret,
    botTokens: {},
    linkTtlMs: 0,
    loginTtlMs: 0,
  },
  token,
);

const me = await api.getMe();
if (!me.ok) {
  console.error(`getMe failed (HTTP ${me.status}): is the token right?`);
  process.exit(1);
}
if (me.result.username !== brand.public.nome_bot) {
  console.warn(
    `warning: the token's bot is @${me.result.username}, the brand's nome_bot is ${brand.public.nome_bot}`,
  );
}
const url = `${origin}/hooks/telegram/${entry}`;
const set = await api.setWebhook(url, await webhookSecretFor(secret, entry));
if (!set.ok) {
  console.error(`setWebhook failed (HTTP ${set.status})`);
  process.exit(1);
}
console.log(`@${me.result.username}: webhook set to ${url}`);

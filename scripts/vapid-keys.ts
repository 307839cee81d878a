// Makes a VAPID key pair (RFC 8292) per brand for web push, as the Worker's VAPID_KEYS takes them:
//   npx tsx scripts/vapid-keys.ts mailto:push@amoreitalia.example > vapid.json
//   npx wrangler secret put VAPID_KEYS < vapid.json        (or one line in .dev.vars for a local run)
// A new pair makes every browser's subscription useless (they were made for the old public key): members
// subscribe again from /activeNotifications.
import { webcrypto } from "node:crypto";
import { brandIds } from "../worker/brands/registry";

const subject = process.argv[2] ?? "mailto:push@example.com";
if (!/^(mailto:|https:\/\/)/.test(subject)) {
  console.error("usage: npx tsx scripts/vapid-keys.ts mailto:you@your-domain");
  process.exit(1);
}

async function pair() {
  const keys = await webcrypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign"]);
  const publicKey = Buffer.from(await webcrypto.subtle.exportKey("raw", keys.publicKey)).toString(
    "base64url",
  );
  const jwk = await webcrypto.subtle.exportKey("jwk", keys.privateKey);
  return { publicKey, privateKey: jwk.d ?? "", subject };
}

const all: Record<string, Awaited<ReturnType<typeof pair>>> = {};
for (const id of brandIds) all[id] = await pair();
console.log(JSON.stringify(all));

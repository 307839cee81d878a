import { cloudflareTest } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { portraitPack } from "../../drizzle/seed-photos";
import { startFreezableDatabase } from "../../scripts/freezable-database";
import { startFakeAdyen } from "../fakes/adyen";
import { startFakeCoda } from "../fakes/coda";
import { startFakeGoogle } from "../fakes/google";
import { startFakeMailgun } from "../fakes/mailgun";
import { startFakeMaxpay } from "../fakes/maxpay";
import { startFakeMollie } from "../fakes/mollie";
import { startFakeAi } from "../fakes/openai";
import { startFakePayPal } from "../fakes/paypal";
import { makeVapidKeys, startFakePushService } from "../fakes/push-service";
import { startFakeTelegram } from "../fakes/telegram";
import { startFakeTracker } from "../fakes/tracker";
import { startFakeTrustPay } from "../fakes/trustpay";
import { startFakeTwilio } from "../fakes/twilio";
import { uploadImagesBase64 } from "../fixtures/upload-images";

/**
 * `npm test` runs the Worker tests in two halves side by side (`--shard=1/2`, `--shard=2/2`, each with a
 * database of its own). Vitest's own shards are contiguous slices of a hashed order, which put the few long
 * files (the fuzzers, the 192 payments, the brain's timers) in one half: 144 s against 87 s. Dealt in turn
 * from the files' order instead, the halves come out near even (74 s and 64 s of tests).
 */
class AlternateFilesSequencer extends BaseSequencer {
  override async shard(files: TestSpecification[]) {
    const { index, count } = this.ctx.config.shard ?? { index: 1, count: 1 };
    return [...files]
      .sort((a, b) => a.moduleId.localeCompare(b.moduleId))
      .filter((_, position) => position % count === index - 1);
  }
}

// Worker tests run inside workerd against a real Postgres engine started by scripts/with-db.ts.
const databaseUrl = process.env.DATABASE_URL;
const wsProxy = process.env.DB_WS_PROXY;
if (!databaseUrl || !wsProxy)
  throw new Error("run the Worker tests through `npm run test:worker` (it starts the database)");
// The same database behind a relay the outage tests freeze and cut (tests/fixtures/frozen-database.ts).
const freezable = await startFreezableDatabase(databaseUrl);
// The fake of Mailgun's API (Node side); the default bindings keep no Mailgun key, so mail goes to the outbox.
const fakeMailgun = await startFakeMailgun("worker-tests-mailgun-key");
// The fake of Google's OAuth/OIDC endpoints (Node side); the Worker redeems codes against it.
const fakeGoogle = await startFakeGoogle();
// The fake of an OpenAI-compatible chat-completions API; only flows whose provider is `ai` call it.
const fakeAi = await startFakeAi();
// The fake of Twilio's Messages API; the default bindings set no TWILIO_ vars, so SMS go to the outbox and
// the phone tests pass the fake's account to an app of their own.
const fakeTwilio = await startFakeTwilio();
// The fake of Mollie's API v2 in test mode; only the Mollie adapter's tests call it (no brand is wired to it).
const fakeMollie = await startFakeMollie();
// The fake of PayPal's REST APIs; only the PayPal adapter's tests call it.
const fakePayPal = await startFakePayPal();
// The fake of Adyen's Checkout API v71 and its signed webhooks; the Adyen adapter's tests call it directly.
const fakeAdyen = await startFakeAdyen();
// The fake of TrustPay's card gateway; only the TrustPay adapter's tests call it.
const fakeTrustPay = await startFakeTrustPay();
// The fake of Codapay's Hosted Payment Page API v2.0; only the Coda adapter's tests call it.
const fakeCoda = await startFakeCoda();
// The fake of Maxpay's host-to-host card API; only the Maxpay adapter's tests call it.
const fakeMaxpay = await startFakeMaxpay();
// The fake of Telegram's Bot API; the default bindings keep no bot token (messages go to the outbox), the
// Telegram tests pass the fake's token to a config of their own.
const fakeTelegram = await startFakeTelegram();
// The fake of an affiliate tracker's postback endpoint; the postback tests point a brand's template at it.
const fakeTracker = await startFakeTracker();
// The fake push service (RFC 8030, decrypting each push); the default bindings set no VAPID keys, so pushes go
// to the outbox, and the push tests pass these keys to a config of their own.
const fakePush = await startFakePushService();
const fakeVapidKeys = JSON.stringify({
  amoreitalia: makeVapidKeys("mailto:push@amoreitalia.example"),
  amorespana: makeVapidKeys("mailto:push@amorespana.example"),
  lovechat: makeVapidKeys("mailto:push@lovechat.example"),
});
// A real demo portrait as the seed stores it (drawn and encoded with sharp, Node side), for the photo tests.
const portrait = await portraitPack("worker-tests", "brown");
// Photos as members' devices make them (progressive JPEGs, a phone's JPEG with EXIF and GPS, PNG, GIF).
const uploadImages = await uploadImagesBase64();

export default defineConfig({
  plugins: [
    cloudflareTest({
      main: "./tests/worker/test-worker.ts",
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        // The real asset layer over the app's own index.html, so the HTML tests see what users get.
        assets: {
          directory: "./web",
          binding: "ASSETS",
          assetConfig: { not_found_handling: "single-page-application" },
        },
        // The alarm queue's tests run it on a Durable Object of their own (tests/worker/test-worker.ts).
        durableObjects: { QUEUE_PROBE: "QueueProbe" },
        bindings: {
          DATABASE_URL: databaseUrl,
          DB_WS_PROXY: wsProxy,
          FREEZABLE_DATABASE_URL: freezable.url,
          FREEZABLE_DATABASE_CONTROL: freezable.controlUrl,
          APP_ENV: "local",
          JWT_SECRET: "worker-tests-secret-of-at-least-32-bytes!!",
          SANDBOX_WEBHOOK_SECRET: "worker-tests-sandbox-webhook-secret-32-bytes",
          ANGEL_REPLY_MIN_MS: "300",
          ANGEL_REPLY_MAX_MS: "600",
          TYPING_MS: "200",
          // Console leases: long enough that a slow run never loses one mid-test (the expiry test moves time).
          OPS_LEASE_MS: "60000",
          // Phone codes per network an hour: a few, so the limit's test reaches it quickly. Every other test
          // sends from a random 10.x.y.z (tests/fixtures/members.ts), a /24 of its own.
          PHONE_CODES_PER_NETWORK_HOUR: "4",
          // Every like is answered, and pressing arrives within a second (late enough to see it hidden first).
          ANGEL_LIKE_BACK_RATE: "1",
          ANGEL_LIKE_BACK_MIN_MS: "800",
          ANGEL_LIKE_BACK_MAX_MS: "1000",
          ANGEL_VISIT_MIN_MS: "800",
          ANGEL_VISIT_MAX_MS: "1000",
          // The brain's steps follow each other within a second.
          ANGEL_BRAIN_MIN_MS: "300",
          ANGEL_BRAIN_MAX_MS: "500",
          SOFTWARE_VERSION: "test-2",
          FAKE_MAILGUN_URL: fakeMailgun.url,
          FAKE_MAILGUN_KEY: fakeMailgun.apiKey,
          MAILGUN_WEBHOOK_SIGNING_KEY: "worker-tests-mailgun-webhook-signing-key",
          GOOGLE_CLIENT_ID: fakeGoogle.clientId,
          GOOGLE_CLIENT_SECRET: fakeGoogle.clientSecret,
          GOOGLE_AUTH_URL: fakeGoogle.authUrl,
          GOOGLE_TOKEN_URL: fakeGoogle.tokenUrl,
          AI_API_URL: fakeAi.url,
          AI_API_KEY: fakeAi.apiKey,
          AI_MODEL: fakeAi.model,
          FAKE_TWILIO_URL: fakeTwilio.url,
          FAKE_TWILIO_SID: fakeTwilio.accountSid,
          FAKE_TWILIO_TOKEN: fakeTwilio.authToken,
          FAKE_TWILIO_REFUSED_SUFFIX: fakeTwilio.refusedSuffix,
          FAKE_TWILIO_SLOW_SUFFIX: fakeTwilio.slowSuffix,
          FAKE_MOLLIE_URL: fakeMollie.url,
          FAKE_MOLLIE_KEY: fakeMollie.apiKey,
          FAKE_MOLLIE_HANG: fakeMollie.hangMarker,
          FAKE_PAYPAL_URL: fakePayPal.url,
          FAKE_PAYPAL_CLIENT_ID: fakePayPal.clientId,
          FAKE_PAYPAL_CLIENT_SECRET: fakePayPal.clientSecret,
          FAKE_PAYPAL_WEBHOOK_ID: fakePayPal.webhookId,
          FAKE_ADYEN_URL: fakeAdyen.url,
          FAKE_ADYEN_API_KEY: fakeAdyen.apiKey,
          FAKE_ADYEN_MERCHANT_ACCOUNT: fakeAdyen.merchantAccount,
          FAKE_ADYEN_HMAC_KEY: fakeAdyen.hmacKey,
          FAKE_ADYEN_APPLE_PAY_MERCHANT_ID: fakeAdyen.applePayMerchantId,
          FAKE_TRUSTPAY_URL: fakeTrustPay.url,
          FAKE_TRUSTPAY_API_KEY: fakeTrustPay.apiKey,
          FAKE_TRUSTPAY_SECRET_KEY: fakeTrustPay.secretKey,
          FAKE_TRUSTPAY_HANG: fakeTrustPay.hangMarker,
          FAKE_CODA_URL: fakeCoda.url,
          FAKE_CODA_KEY: fakeCoda.apiKey,
          FAKE_CODA_PROJECT: fakeCoda.projectId,
          FAKE_CODA_HANG: fakeCoda.hangMarker,
          FAKE_MAXPAY_URL: fakeMaxpay.url,
          FAKE_MAXPAY_ACCOUNT: fakeMaxpay.merchantAccount,
          FAKE_MAXPAY_PASSWORD: fakeMaxpay.merchantPassword,
          FAKE_MAXPAY_PRIVATE_KEY: fakeMaxpay.privateKey,
          FAKE_MAXPAY_HANG: fakeMaxpay.hangMarker,
          TELEGRAM_WEBHOOK_SECRET: "worker-tests-telegram-webhook-secret-32-bytes",
          FAKE_TELEGRAM_URL: fakeTelegram.url,
          FAKE_TELEGRAM_TOKEN: fakeTelegram.token,
          FAKE_TRACKER_URL: fakeTracker.url,
          FAKE_TRACKER_TEMPLATE: fakeTracker.template,
          FAKE_PUSH_URL: fakePush.url,
          FAKE_VAPID_KEYS: fakeVapidKeys,
        },
      },
    }),
  ],
  test: {
    root: ".",
    include: ["tests/worker/**/*.test.ts"],
    testTimeout: 30_000,
    provide: {
      portraitPack: { base64: Buffer.from(portrait.bytes).toString("base64"), index: portrait.index },
      uploadImages,
    },
    // One Postgres session at a time with PGlite: the files share it.
    fileParallelism: false,
    sequence: { sequencer: AlternateFilesSequencer },
    isolate: false,
  },
});

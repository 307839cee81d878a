// The site for the end-to-end tests: a fresh in-memory database and the built Worker in workerd (vite preview),
// with angel replies and the typing indicator shortened to a few seconds (tests/e2e/timing.ts).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { seedAngelPhotos } from "../drizzle/seed-photos.ts";
import { e2eTiming } from "../tests/e2e/timing.ts";
import { startFakeAdyen } from "../tests/fakes/adyen.ts";
import { startFakeGoogle } from "../tests/fakes/google.ts";
import { withClient } from "./local-db.ts";
import { withPhotoBucket } from "./photo-bucket.ts";
import { withTestDatabase } from "./with-db.ts";

const port = process.env.E2E_PORT ?? "8790";
// "Sign in with Google" goes to this fake and back to /loginWithGoogle, as in production.
const fakeGoogle = await startFakeGoogle();
// Empty Durable Object storage each run, apart from `npm start`'s and from any other run's.
const persistDir = mkdtempSync(join(tmpdir(), "amore-e2e-"));
// The second site (E2E_PORT + 1): the same build whose brands pay through the providers' fakes. Adyen's fake
// also serves the secured fields' iframe page that Adyen Web loads (tests/fakes/adyen-secured-fields.ts).
const providersPort = String(Number(port) + 1);
const providersPersistDir = mkdtempSync(join(tmpdir(), "amore-e2e-providers-"));
// amoreitalia's merchant account at Adyen, as wrangler.toml's BRAND_COMPANIES names it.
const fakeAdyen = await startFakeAdyen({ merchantAccount: "DemoIT" });
const providerCredentials = {
  amoreitalia: {
    adyen: {
      apiBase: fakeAdyen.url,
      apiKey: fakeAdyen.apiKey,
      hmacKey: fakeAdyen.hmacKey,
      clientKey: fakeAdyen.clientKey,
      environment: "test",
      webBase: fakeAdyen.webBase,
    },
  },
};

// The built site, as users get it: one bundle per page instead of every module through vite's dev server.
if (
  spawnSync("vite", ["build", "--config", "web/vite.config.ts", "--logLevel", "warn"], { stdio: "inherit" })
    .status !== 0
) {
  process.exit(1);
}

await withTestDatabase({}, async (db) => {
  // The demo portraits, where the site under test finds them (its photo bucket in persistDir).
  await withClient(db.DATABASE_URL, (client) =>
    withPhotoBucket(`${persistDir}/v3`, (bucket) => seedAngelPhotos(client, bucket)),
  );
  const siteEnv = {
    ...process.env,
    CLOUDFLARE_INCLUDE_PROCESS_ENV: "true",
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    WRANGLER_SEND_METRICS: "false",
    DATABASE_URL: db.DATABASE_URL,
    DB_WS_PROXY: db.DB_WS_PROXY,
    APP_ENV: "local",
    JWT_SECRET: "e2e-tests-secret-of-at-least-32-bytes-long",
    // The deployed version the room announces: a page that ran another one reloads.
    SOFTWARE_VERSION: "e2e-2026.11",
    ANGEL_REPLY_MIN_MS: String(e2eTiming.replyMinMs),
    ANGEL_REPLY_MAX_MS: String(e2eTiming.replyMaxMs),
    TYPING_MS: String(e2eTiming.typingMs),
    ANGEL_BRAIN_MIN_MS: String(e2eTiming.brainStepMs),
    ANGEL_BRAIN_MAX_MS: String(e2eTiming.brainStepMs),
    GOOGLE_CLIENT_ID: fakeGoogle.clientId,
    GOOGLE_CLIENT_SECRET: fakeGoogle.clientSecret,
    GOOGLE_AUTH_URL: fakeGoogle.authUrl,
    GOOGLE_TOKEN_URL: fakeGoogle.tokenUrl,
    WRANGLER_PERSIST_DIR: persistDir,
  };
  return new Promise<void>((resolve) => {
    const vite = spawn("vite", ["preview", "--config", "web/vite.config.ts", "--port", port], {
      stdio: "inherit",
      env: siteEnv,
    });
    // Started once the first answers: each preview takes the first free inspector port from 9229, and two
    // starting together take the same one (EADDRINUSE).
    let providers: ChildProcess | null = null;
    void (async () => {
      while (vite.exitCode === null) {
        const up = await fetch(`http://127.0.0.1:${port}/api/brand`).catch(() => null);
        if (up?.ok) break;
        await new Promise((wait) => setTimeout(wait, 500));
      }
      if (vite.exitCode !== null) return;
      providers = spawn(
        "vite",
        ["preview", "--config", "web/vite.config.ts", "--port", providersPort, "--strictPort"],
        {
          stdio: "inherit",
          env: {
            ...siteEnv,
            PAYMENT_CREDENTIALS: JSON.stringify(providerCredentials),
            WRANGLER_PERSIST_DIR: providersPersistDir,
          },
        },
      );
    })();
    const stop = () => {
      vite.kill("SIGTERM");
      providers?.kill("SIGTERM");
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
    vite.on("exit", () => {
      providers?.kill("SIGTERM");
      resolve();
    });
  });
});
rmSync(persistDir, { recursive: true, force: true });
rmSync(providersPersistDir, { recursive: true, force: true });
process.exit(0);

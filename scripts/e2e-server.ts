// The site for the end-to-end tests: a fresh in-memory database and the built Worker in workerd (vite preview),
// with angel replies and the typing indicator shortened to a few seconds (tests/e2e/timing.ts). Payments there
// run on the built-in sandbox. A second preview of the same build, on E2E_PORT + 1 with the same database, gives
// the brands the real provider adapters pointed at the fakes of tests/fakes/ (./e2e-providers.ts), for
// tests/e2e/payments-providers.spec.ts.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { seedAngelPhotos } from "../drizzle/seed-photos.ts";
import { e2eTiming } from "../tests/e2e/timing.ts";
import { startFakeGoogle } from "../tests/fakes/google.ts";
import { makeVapidKeys } from "../tests/fakes/push-service.ts";
import { E2E_TELEGRAM_WEBHOOK_SECRET } from "../tests/fakes/telegram.ts";
import { startProviderFakes } from "./e2e-providers.ts";
import { withClient } from "./local-db.ts";
import { withPhotoBucket } from "./photo-bucket.ts";
import { withTestDatabase } from "./with-db.ts";

const port = process.env.E2E_PORT ?? "8790";

// Playwright starts this in a process group of its own (through a shell and tsx) and stops the group when the
// tests end. Stopped itself (npm test stops every stage when one fails), it would leave the sites running and
// holding their ports; so they stop once the process that started the group is gone.
/** A process's state, parent and process group, from Linux's /proc (undefined elsewhere or once it is gone). */
function processOf(pid: number) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const [state, parent, group] = stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
    return { state, parent: Number(parent), group: Number(group) };
  } catch {
    return undefined;
  }
}
/** Whether `pid` runs (a zombie does not). */
function running(pid: number) {
  const known = processOf(pid);
  if (known) return known.state !== "Z";
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
const ownGroup = processOf(process.pid)?.group;
let starter = process.ppid;
for (let up = processOf(starter); up && up.group === ownGroup && up.parent > 1; up = processOf(starter))
  starter = up.parent;
let starterGone: () => void = () => process.exit(1);
setInterval(() => {
  if (!running(starter)) starterGone();
}, 1000).unref();
const providersPort = String(Number(port) + 1);
// "Sign in with Google" goes to this fake and back to /loginWithGoogle, as in production.
const fakeGoogle = await startFakeGoogle();
// Empty Durable Object storage each run, apart from `npm start`'s and from any other run's.
const persistDir = mkdtempSync(join(tmpdir(), "amore-e2e-"));
// The providers' site keeps its own (two workerd processes must not share one Durable Object store).
const providersPersistDir = mkdtempSync(join(tmpdir(), "amore-e2e-providers-"));

// The built site, as users get it: one bundle per page instead of every module through vite's dev server.
if (
  spawnSync("vite", ["build", "--config", "web/vite.config.ts", "--logLevel", "warn"], { stdio: "inherit" })
    .status !== 0
) {
  process.exit(1);
}

/** Resolves once `url` answers 200 (a site's start-up takes seconds), or once `given` says to give up. */
async function answering(url: string, given: () => boolean) {
  while (!given()) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

await withTestDatabase({}, async (db) => {
  // The demo portraits, where the site under test finds them (its photo bucket in persistDir).
  // Tried again (the puts overwrite): on a crowded machine Miniflare's bucket has dropped a put mid-way.
  for (let attempt = 1; ; attempt++) {
    try {
      await withClient(db.DATABASE_URL, (client) =>
        withPhotoBucket(`${persistDir}/v3`, (bucket) => seedAngelPhotos(client, bucket)),
      );
      break;
    } catch (error) {
      if (attempt === 3) throw error;
      console.warn(`the demo portraits' upload failed (${String(error)}); again`);
    }
  }
  // The same portraits for the providers' site.
  if (existsSync(`${persistDir}/v3/r2`))
    cpSync(`${persistDir}/v3/r2`, `${providersPersistDir}/v3/r2`, { recursive: true });
  // After the photos' upload: the fakes' start changes how this process resolves *.localhost names.
  const providers = await startProviderFakes(providersPort);
  const env = {
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
    // The bots' webhook accepts the fake Telegram's updates (no bot token: the bots' answers go to the outbox).
    TELEGRAM_WEBHOOK_SECRET: E2E_TELEGRAM_WEBHOOK_SECRET,
    // Web push's keys for the Italian brand: /activeNotifications offers push there (the others keep theirs
    // in the outbox, as a brand without keys does).
    VAPID_KEYS: JSON.stringify({ amoreitalia: makeVapidKeys("mailto:push@amoreitalia.example") }),
  };
  const preview = (on: string, extra: Record<string, string>) =>
    spawn("vite", ["preview", "--config", "web/vite.config.ts", "--port", on], {
      stdio: "inherit",
      env: { ...env, ...extra },
    });
  // The sandbox's site first (Playwright waits for it), the providers' once it answers: two starting at once
  // race for the same free inspector port. payments-providers.spec.ts waits for the second.
  const sites: ChildProcess[] = [];
  let stopping = false;
  const stop = () => {
    stopping = true;
    for (const site of sites) site.kill("SIGTERM");
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  starterGone = stop;
  // One site gone ends the run: the tests of the other would fail in odd ways.
  const ended = new Promise<void>((resolve) => {
    const start = (on: string, extra: Record<string, string>) => {
      const site = preview(on, extra);
      sites.push(site);
      site.on("exit", () => {
        stop();
        resolve();
      });
    };
    start(port, { WRANGLER_PERSIST_DIR: persistDir });
    void answering(`http://127.0.0.1:${port}/api/brand`, () => stopping).then(() => {
      if (!stopping) start(providersPort, { ...providers.env, WRANGLER_PERSIST_DIR: providersPersistDir });
    });
  });
  return ended;
});
rmSync(persistDir, { recursive: true, force: true });
rmSync(providersPersistDir, { recursive: true, force: true });
process.exit(0);

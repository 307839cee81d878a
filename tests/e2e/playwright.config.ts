import { defineConfig } from "@playwright/test";

// E2E_PORT lets two runs (checkouts, helpers) go side by side.
const port = Number(process.env.E2E_PORT ?? 8790);

export default defineConfig({
  testDir: ".",
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  // Two, one per core: Chromium's rendering is most of the suite's CPU (three workers were no faster).
  workers: 2,
  // One more try for a failed test: on a slow machine a run has met a reset connection. A test that passes
  // only on its retry is listed as "flaky" in the report, to be looked at, not as passed.
  retries: 1,
  reporter: [["list"]],
  // Per port, so two runs side by side (checkouts, helpers) do not clean each other's artifacts.
  outputDir: `../../test-results/e2e-${port}`,
  use: {
    baseURL: `http://it.localhost:${port}`,
    launchOptions: {
      // Debian's headless shell (scripts/ensure-chromium.ts).
      executablePath: "/usr/bin/chromium-headless-shell",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
    trace: "on-first-retry",
  },
  projects: [
    {
      name: "mobile",
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      // Tests of behaviour that is the same at every width (helpers.ts `anyWidth`) run at 1280 px only, as
      // do those of the wide screen's own parts (`wideOnly`) and the scenarios given to it (`at1280`);
      // `narrowOnly` and `at390` ones run here only.
      grepInvert: /@any-width|@wide-only|@at-1280/,
    },
    {
      name: "desktop",
      use: { viewport: { width: 1280, height: 800 } },
      grepInvert: /@narrow-only|@at-390/,
    },
  ],
  // Two sites of one build and one database: the sandbox's on `port`, and the real providers' adapters on
  // port + 1 against the fakes of tests/fakes (payments-providers.spec.ts, which waits for it: the script
  // starts it once the first answers, and Playwright waits for the first).
  webServer: {
    command: "tsx scripts/e2e-server.ts",
    cwd: "../..",
    url: `http://127.0.0.1:${port}/api/brand`,
    // Build, seed and two workerd sites: on a busy 2-core machine this has taken over 2 minutes.
    timeout: 240_000,
    // E2E_REUSE=1 runs against a site already started (`E2E_PORT=… tsx scripts/e2e-server.ts`), to iterate.
    reuseExistingServer: process.env.E2E_REUSE === "1",
    stdout: "pipe",
  },
});

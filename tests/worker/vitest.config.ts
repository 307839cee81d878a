import { cloudflareTest } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

// Worker tests run inside workerd against a real Postgres engine started by scripts/with-db.ts.
const databaseUrl = process.env.DATABASE_URL;
const wsProxy = process.env.DB_WS_PROXY;
if (!databaseUrl || !wsProxy)
  throw new Error("run the Worker tests through `npm run test:worker` (it starts the database)");

export default defineConfig({
  plugins: [
    cloudflareTest({
      main: "./worker/index.ts",
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        // The real asset layer over the app's own index.html, so the HTML tests see what users get.
        assets: {
          directory: "./web",
          binding: "ASSETS",
          assetConfig: { not_found_handling: "single-page-application" },
        },
        bindings: {
          DATABASE_URL: databaseUrl,
          DB_WS_PROXY: wsProxy,
          APP_ENV: "local",
          JWT_SECRET: "worker-tests-secret-of-at-least-32-bytes!!",
          ANGEL_REPLY_MIN_MS: "300",
          ANGEL_REPLY_MAX_MS: "600",
          TYPING_MS: "200",
        },
      },
    }),
  ],
  test: {
    root: ".",
    include: ["tests/worker/**/*.test.ts"],
    testTimeout: 30_000,
    // One Postgres session at a time with PGlite: the files share it.
    fileParallelism: false,
  },
});

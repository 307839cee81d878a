// `npm run deploy:check`: what `npm run deploy` would upload, checked without deploying and without the
// network. Builds the site (`--reuse-build` takes the build already in dist/, as `npm test` does once its
// end-to-end stage has built it), runs `wrangler deploy --dry-run` on the built Worker's config, and fails
// when wrangler refuses it or when the Worker's upload passes its gzip budget (scripts/worker-upload.ts).
// `--config <path>` checks another built config.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { judgeUpload, readUploadSize } from "./worker-upload.ts";

const args = process.argv.slice(2);
const configIndex = args.indexOf("--config");
const config = configIndex >= 0 ? args[configIndex + 1] : "dist/amore_chat/wrangler.json";
if (!config) throw new Error("--config needs the path of a built wrangler.json");

function fail(message: string): never {
  console.error(`deploy check: ${message}`);
  process.exit(1);
}

if (!args.includes("--reuse-build")) {
  const build = spawnSync("vite", ["build", "--config", "web/vite.config.ts", "--logLevel", "warn"], {
    stdio: "inherit",
  });
  if (build.status !== 0) fail("the build failed");
}
if (!existsSync(config)) fail(`${config} is missing: build first (npm run build), or drop --reuse-build`);

const outDir = mkdtempSync(join(tmpdir(), "deploy-check-"));
try {
  // No network: no metrics, no request metadata, and no banner (it asks the npm registry for a newer wrangler).
  const dryRun = spawnSync("wrangler", ["deploy", "--dry-run", "--config", config, "--outdir", outDir], {
    encoding: "utf8",
    env: {
      ...process.env,
      CLOUDFLARE_CF_FETCH_ENABLED: "false",
      WRANGLER_SEND_METRICS: "false",
      WRANGLER_HIDE_BANNER: "true",
    },
  });
  const output = `${dryRun.stdout}${dryRun.stderr}`;
  if (dryRun.status !== 0) fail(`wrangler deploy --dry-run refused the Worker:\n${output}`);
  const size = readUploadSize(output);
  if (!size) fail(`wrangler printed no upload size:\n${output}`);
  const verdict = judgeUpload(size);
  if (!verdict.ok) fail(verdict.line);
  console.log(`deploy check: wrangler deploy --dry-run passed; ${verdict.line}`);
} finally {
  rmSync(outDir, { recursive: true, force: true });
}

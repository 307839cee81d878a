// `npm run deploy:check` (scripts/deploy-check.ts): wrangler's dry run of a built Worker, failing when the
// Worker's upload passes its gzip budget. The real build is checked by `npm test` itself; here a built
// config whose script passes the budget is refused by the same command, through the real wrangler.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { judgeUpload, readUploadSize, WORKER_GZIP_BUDGET_BYTES } from "../../scripts/worker-upload";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A built Worker's folder as the Cloudflare Vite plugin writes it: its script and a wrangler.json. */
function builtWorker(script: string): string {
  const dir = mkdtempSync(join(tmpdir(), "deploy-check-"));
  dirs.push(dir);
  writeFileSync(join(dir, "index.js"), script);
  const config = {
    name: "deploy-check-test",
    main: "index.js",
    compatibility_date: "2026-10-15",
    no_bundle: true,
    rules: [{ type: "ESModule", globs: ["**/*.js"] }],
  };
  writeFileSync(join(dir, "wrangler.json"), JSON.stringify(config));
  return join(dir, "wrangler.json");
}

const deployCheck = (config: string) =>
  spawnSync(
    process.execPath,
    ["--import", "tsx", "scripts/deploy-check.ts", "--reuse-build", "--config", config],
    {
      encoding: "utf8",
    },
  );

describe("the deploy check", () => {
  it("reads wrangler's upload line, coloured or not", () => {
    const line = "Total Upload: 3745.00 KiB / gzip: 1011.99 KiB";
    expect(readUploadSize(`✨ Read 76 files\n${line}\nYour Worker has access to`)).toEqual({
      bytes: 3_834_880,
      gzipBytes: 1_036_278,
    });
    expect(
      readUploadSize(`Total Upload: \u001b[32m3745.00 KiB / gzip: 1011.99 KiB\u001b[39m`)?.gzipBytes,
    ).toBe(1_036_278);
    expect(readUploadSize("--dry-run: exiting now.")).toBeNull();
  });

  it("holds the upload to 1.5 MB of gzip", () => {
    expect(WORKER_GZIP_BUDGET_BYTES).toBe(1_500_000);
    expect(judgeUpload({ bytes: 3_834_880, gzipBytes: 1_036_278 })).toEqual({
      ok: true,
      line: "the Worker's upload: 3.83 MB, 1.04 MB gzip (69 % of the 1.50 MB budget)",
    });
    expect(judgeUpload({ bytes: 5_000_000, gzipBytes: 1_500_001 }).ok).toBe(false);
  });

  it("fails a built Worker whose upload passes the budget, naming its size", () => {
    // 2.4 MB of random base64 does not compress below 1.5 MB.
    const filler = randomBytes(1_800_000).toString("base64");
    const result = deployCheck(
      builtWorker(`const filler = "${filler}";\nexport default { fetch: () => new Response(filler) };\n`),
    );
    expect(result.status, result.stdout + result.stderr).toBe(1);
    expect(result.stderr).toMatch(
      /the Worker's upload: 2\.\d\d MB, 1\.\d\d MB gzip \(1\d\d % of the 1\.50 MB budget\): over budget/,
    );
  }, 60_000);

  it("fails when there is no built config to check", () => {
    const result = deployCheck(
      builtWorker("export default { fetch: () => new Response('ok') };\n").replace(
        "wrangler.json",
        "missing.json",
      ),
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("missing.json is missing");
  });
});

// The smoke script (npm run payments:smoke) end to end against the fake of Mollie's API: run as npm runs it,
// with MOLLIE_API_BASE pointed at the fake, it creates a payment and prints the checkout link; paid there, its
// --check reads it paid. Without credentials, or with a live key, it says what is wrong and exits 2.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeMollie, startFakeMollie } from "../fakes/mollie";

const SCRIPT = fileURLToPath(new URL("../../scripts/payments-smoke.ts", import.meta.url));

let fake: FakeMollie;
beforeAll(async () => {
  fake = await startFakeMollie();
});
afterAll(() => fake.close());

/** Runs the script in its own Node process, with only the given variables (and PATH) set. */
function run(args: string[], vars: Record<string, string>) {
  return new Promise<{ code: number; out: string }>((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", SCRIPT, ...args],
      { env: { PATH: process.env.PATH ?? "", ...vars }, timeout: 20_000 },
      (error, stdout, stderr) => {
        const code = error ? Number((error as { code?: number }).code ?? 1) : 0;
        resolve({ code, out: `${stdout}${stderr}` });
      },
    );
  });
}

describe("npm run payments:smoke", () => {
  it("says which credentials are missing, and refuses a live key, with exit code 2", async () => {
    const missing = await run(["mollie"], {});
    expect(missing).toMatchObject({ code: 2 });
    expect(missing.out).toContain("MOLLIE_API_KEY");
    const live = await run(["mollie"], { MOLLIE_API_KEY: "live_abc", MOLLIE_API_BASE: fake.url });
    expect(live).toMatchObject({ code: 2 });
    expect(live.out).toContain("live setting");
    expect((await run(["adyen"], {})).out).toContain("ADYEN_API_KEY, ADYEN_MERCHANT_ACCOUNT");
    expect((await run(["stripe"], {})).out).toContain("usage");
  }, 60_000);

  it("creates a Mollie payment, prints its checkout link, and --check reads it paid", async () => {
    // The fake posts its webhook to its own sink: no call leaves the machine.
    const vars = {
      MOLLIE_API_KEY: fake.apiKey,
      MOLLIE_API_BASE: fake.url,
      MOLLIE_WEBHOOK_URL: `${fake.url}/__fake/webhooks`,
    };
    const created = await run(["mollie"], vars);
    expect(created.code, created.out).toBe(0);
    const checkout = /at (\S+\/checkout\/(tr_\w+))/.exec(created.out);
    expect(checkout, created.out).not.toBeNull();
    const [, href = "", id = ""] = checkout ?? [];
    expect(created.out).toContain(`npm run payments:smoke -- mollie --check ${id}`);
    // Still open: the check says so and exits 1.
    expect(await run(["mollie", "--check", id], vars)).toMatchObject({ code: 1 });

    const paid = await fetch(href, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "status=paid",
      redirect: "manual",
    });
    expect(paid.status).toBe(303);
    const checked = await run(["mollie", "--check", id], vars);
    expect(checked.code, checked.out).toBe(0);
    expect(checked.out).toContain(`"reference":"${id}","status":"succeeded"`);
    expect(checked.out).not.toContain(fake.apiKey);
  }, 60_000);
});

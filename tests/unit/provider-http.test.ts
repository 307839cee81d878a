// The adapters' HTTP call: retries on network errors only, never a keyless POST twice, the idempotency key on
// every attempt, and a provider's own error answer returned as is. A local server plays the provider.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProviderUnreachable, providerFetch } from "../../worker/payments/providers/http";

let server: Server;
let base = "";
const seen: { path: string; key: string | undefined }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ path: req.url ?? "", key: req.headers["idempotency-key"] as string | undefined });
    if (req.url === "/slow") return; // never answers: the caller's timeout ends it
    if (req.url === "/error") {
      res.writeHead(500, { "content-type": "application/json" }).end('{"status":500}');
      return;
    }
    res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const noSleep = async () => undefined;

describe("providerFetch", () => {
  it("returns a provider's error answer as is, without retrying it", async () => {
    seen.length = 0;
    const response = await providerFetch("demo", `${base}/error`, { method: "GET" }, { sleep: noSleep });
    expect(response.status).toBe(500);
    expect(seen).toHaveLength(1);
  });

  it("retries a timed-out POST with its idempotency key on every attempt, then gives up", async () => {
    seen.length = 0;
    const call = providerFetch(
      "demo",
      `${base}/slow`,
      { method: "POST", body: "{}" },
      {
        timeoutMs: 100,
        retries: 2,
        sleep: noSleep,
        idempotency: { header: "Idempotency-Key", key: "pay-1" },
      },
    );
    await expect(call).rejects.toBeInstanceOf(ProviderUnreachable);
    expect(seen.map((s) => s.key)).toEqual(["pay-1", "pay-1", "pay-1"]);
  });

  it("tries a POST without an idempotency key once: its retry could move money twice", async () => {
    seen.length = 0;
    const call = providerFetch(
      "demo",
      `${base}/slow`,
      { method: "POST" },
      { timeoutMs: 100, sleep: noSleep },
    );
    await expect(call).rejects.toBeInstanceOf(ProviderUnreachable);
    expect(seen).toHaveLength(1);
  });

  it("retries a refused connection with growing waits and answers once the provider is back", async () => {
    const waits: number[] = [];
    const closed = "http://127.0.0.1:9"; // the discard port: nothing listens there
    await expect(
      providerFetch(
        "demo",
        closed,
        {},
        { retries: 3, backoffMs: 100, sleep: async (ms) => void waits.push(ms) },
      ),
    ).rejects.toThrow("demo unreachable after 4 attempt(s)");
    expect(waits).toHaveLength(3);
    expect(waits[0]).toBeGreaterThanOrEqual(100);
    expect(waits[1]).toBeGreaterThanOrEqual(200);
    expect(waits[2]).toBeGreaterThanOrEqual(400);
    expect((await providerFetch("demo", `${base}/ok`, {}, { sleep: noSleep })).ok).toBe(true);
  });
});

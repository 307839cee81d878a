// The built Worker in workerd, as deployed but on this machine, and the member every benchmark acts as.
import { readdirSync } from "node:fs";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { withClient } from "../local-db.ts";
import { base, HOST, JWT_SECRET, PORT } from "./bench.config.ts";

/** Starts the built bundle (dist/) in workerd on the benchmark's port, with the test database's bindings. */
export function startBuiltWorker(db: { DATABASE_URL: string; DB_WS_PROXY: string }, port = PORT): Miniflare {
  // Miniflare 5 no longer takes module rules, so the modules are listed: the bundle is one ES module plus
  // the Wasm binaries it imports as precompiled modules (the Argon2id password hash).
  const { modulesRules: _rules, ...workerOptions } = unstable_getMiniflareWorkerOptions(
    "dist/amore_chat/wrangler.json",
  ).workerOptions;
  const wasmModules = readdirSync("dist/amore_chat/assets")
    .filter((file) => file.endsWith(".wasm"))
    .map((file) => ({ type: "CompiledWasm" as const, path: `assets/${file}` }));
  // Durable Object storage stays in memory: each run starts with empty rooms.
  return new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port,
      workers: [
        {
          ...workerOptions,
          name: "amore-chat",
          // Paths are relative to rootPath, the built config's folder, and so are the module names.
          modules: [{ type: "ESModule", path: "index.js" }, ...wasmModules],
          bindings: {
            ...(workerOptions.bindings as Record<string, unknown>),
            DATABASE_URL: db.DATABASE_URL,
            DB_WS_PROXY: db.DB_WS_PROXY,
            JWT_SECRET,
            APP_ENV: "local",
          },
        },
      ],
    }),
  );
}

/** Signs up the benchmark's member through the API, verified and with credits for every message it sends. */
export async function signUpBenchMember(databaseUrl: string) {
  const benchEmail = `bench.${Date.now()}@example.com`;
  const signup = await fetch(`${base}/users/register`, {
    method: "POST",
    headers: { host: HOST, "content-type": "application/json" },
    body: JSON.stringify({
      utente: {
        email: benchEmail,
        password: "bench-password",
        eta: 40,
        region: "lombardia",
        sono: "uomo",
        cerco: "donna",
        terms1: true,
        terms2: true,
        terms3: true,
        terms4: true,
      },
    }),
  });
  if (!signup.ok) throw new Error(`sign-up failed: ${signup.status} ${await signup.text()}`);
  const member = (await signup.json()) as { token: string; clickid: string };
  // Verified by phone, with enough credits that every benchmark message is accepted (and charged, as a
  // real one is).
  await withClient(databaseUrl, (client) =>
    client.query("update accounts set crediti_messaggi = 1000000, verified_user = true where clickid = $1", [
      member.clickid,
    ]),
  );
  const [{ n: inRegion }] = (
    await withClient(databaseUrl, (client) =>
      client.query("select count(*)::int as n from angels where country = 'it' and region = 'lombardia'"),
    )
  ).rows as [{ n: number }];
  return { ...member, email: benchEmail, inRegion };
}

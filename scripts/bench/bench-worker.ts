// The built Worker in workerd, as deployed but on this machine, and the member every benchmark acts as.
import { readdirSync } from "node:fs";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { signUpBody } from "../../tests/fixtures/sign-up-body.ts";
import { signToken } from "../../worker/core/tokens.ts";
import { withClient } from "../local-db.ts";
import { base, HOST, JWT_SECRET, PORT } from "./bench.config.ts";

/**
 * Starts the built bundle (dist/) in workerd on the benchmark's port, with the test database's bindings and
 * `vars` over the typed config's defaults (the cascade's push delay and VAPID keys).
 */
export function startBuiltWorker(
  db: { DATABASE_URL: string; DB_WS_PROXY: string },
  port = PORT,
  inspectorPort?: number,
  vars: Record<string, string> = {},
): Miniflare {
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
      // The CPU profile (scripts/bench/profile.ts) reads workerd through its inspector.
      ...(inspectorPort ? { inspectorPort } : {}),
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
            ...vars,
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
    body: JSON.stringify(signUpBody({ email: benchEmail, password: "bench-password", eta: 40 })),
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

/**
 * A region of the bench's own (`bench_<size>`) holding `size` angels of the member's cerco, spread over 10
 * cities, and a copy of the bench member living there (made in SQL with a signed token, as the rooms'
 * members are): the dispenser measured at each size sees the same data apart from the region's size.
 */
export async function benchRegion(databaseUrl: string, template: string, size: number) {
  const region = `bench_${size}`;
  const { rows } = await withClient(databaseUrl, async (client) => {
    await client.query(
      `insert into angels (id, country, region, city, gender, screen_name, about, description, age,
         hair_color, height, weight, shuffle_key)
       select (select coalesce(max(id), 0) from angels) + g, 'it', $1, $1 || ' city ' || (g % 10), 'donna',
         'Bench ' || g, 'about', 'description', 19 + (g * 7) % 42, 'castani', 170, 60,
         (g::bigint * 2654435761 % 2147483647)::int
       from generate_series(1, $2::int) g`,
      [region, size],
    );
    await client.query("vacuum (analyze) angels");
    return client.query(
      `insert into accounts (clickid, brand_id, email, country, region, sono, cerco, flux_id, crediti_messaggi, verified_user)
       select $2 || '-' || $3, brand_id, $3 || '@' || $2 || '.example', country, $3, sono, cerco, flux_id, 0, true
       from accounts where clickid = $1
       returning id, clickid, session_version`,
      [template, `bench-region`, region],
    );
  });
  const account = rows[0] as { id: string; clickid: string; session_version: number };
  const token = await signToken(JWT_SECRET, "session", {
    accountId: Number(account.id),
    clickid: account.clickid,
    sessionVersion: account.session_version,
  });
  return { region, size, token };
}

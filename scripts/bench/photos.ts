// `npm run bench:photos`: what a photo costs the Worker, against the floor of the same workerd in the same
// run. Builds the Worker, runs the built bundle in workerd (as `npm run bench` does) on a small seeded
// database with the demo portraits in its PHOTOS bucket, and measures with autocannon (BENCH_PHOTO_
// CONNECTIONS, 10; BENCH_SECONDS, 5 s each): the bare handler, GET /api/brand (a plain API call), a
// card's photo as the find grid asks for it (the first request of each angel one at a time, then repeats
// under load), a conditional repeat (If-None-Match, 304), and a member's upload (renditions made then).
// Prints requests per second, p50/p99 and workerd's CPU per request against the bare handler, and the bytes
// a find page of 5 cards downloads at 1x and 2x. BENCH_PHOTOS_BEFORE=1 asks for the stored JPEG instead.
import { spawnSync } from "node:child_process";
import autocannon from "autocannon";
import sharp from "sharp";
import { renderAvatarJpeg } from "../../drizzle/seed-data/portraits/avatar.ts";
import { seedAngelPhotos } from "../../drizzle/seed-photos.ts";
import { signUpBody } from "../../tests/fixtures/sign-up-body.ts";
import { photoRenditionUrl } from "../../worker/contracts/photos.ts";
import { withClient } from "../local-db.ts";
import { withTestDatabase } from "../with-db.ts";
import { HOST, SECONDS } from "./bench.config.ts";
import { startBuiltWorker } from "./bench-worker.ts";
import { cpuPerRequest, cpuSnapshot } from "./process-stats.ts";

const CONNECTIONS = Number(process.env.BENCH_PHOTO_CONNECTIONS ?? 10);
// Its own port, beside `npm run bench`'s, so that both can run on one machine.
const PORT = 8810;
const base = `http://127.0.0.1:${PORT}`;
const ms = (n: number) => n.toFixed(2);

async function measure(
  title: string,
  requests: autocannon.Request[],
  method: "GET" | "POST" = "GET",
  body?: string,
) {
  const run = (duration: number) =>
    autocannon({
      url: base,
      connections: CONNECTIONS,
      duration,
      headers: { host: HOST, accept: "image/avif,image/webp,image/apng,image/*,*/*;q=0.8" },
      requests: requests.map((r) => ({ method, body, ...r })),
    });
  await run(1); // warm-up: isolate, caches
  const before = cpuSnapshot();
  const r = await run(SECONDS);
  const cpu = cpuPerRequest(before, cpuSnapshot(), r.requests.total);
  const statuses = Object.entries(r.statusCodeStats ?? {})
    .map(([code, s]) => `${code}×${(s as { count: number }).count}`)
    .join(" ");
  return { title, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, cpu, statuses };
}

console.log("building the Worker…");
if (spawnSync("npm", ["run", "build", "--silent"], { stdio: "inherit" }).status !== 0) process.exit(1);

await withTestDatabase({ angelsPerCountry: 30 }, async (db) => {
  const worker = startBuiltWorker(db, PORT);
  try {
    await worker.ready;
    const bucket = await worker.getR2Bucket("PHOTOS");
    const stored = await withClient(db.DATABASE_URL, (client) => seedAngelPhotos(client, bucket, 4));
    console.log(`${stored} angel photos stored`);

    // The photo addresses a find page shows: the dispenser's cards for five angels of Italy.
    const ids = await withClient(db.DATABASE_URL, async (client) => {
      const { rows } = await client.query<{ id: number }>(
        "select id from angels where country = 'it' order by id limit 5",
      );
      return rows.map((r) => r.id);
    });
    // What a card loads: the WebP rendition of its width, 180 px at 1x and 360 px at 2x. BENCH_PHOTOS_BEFORE=1
    // measures the stored 400 px JPEG instead, what a card loaded before photos had renditions.
    const before = process.env.BENCH_PHOTOS_BEFORE === "1";
    const cardUrl = (id: number, density: 1 | 2) =>
      before
        ? `/photos/default-it/${id}.jpg`
        : (photoRenditionUrl(`/photos/default-it/${id}.jpg`, density === 1 ? 180 : 360, "webp") ?? "");
    const cardUrls = (density: 1 | 2) => ids.map((id) => cardUrl(id, density));

    const bytesOf = async (urls: string[]) => {
      let total = 0;
      for (const url of urls) {
        const response = await fetch(`${base}${url}`, { headers: { host: HOST } });
        if (!response.ok) throw new Error(`${url}: ${response.status}`);
        total += (await response.arrayBuffer()).byteLength;
      }
      return total;
    };

    // First requests: every Italian angel's card photo once, one at a time (none cached yet at this
    // location: the bucket is read), CPU per request.
    const { rows: italians } = await withClient(db.DATABASE_URL, (client) =>
      client.query<{ id: number }>(
        "select id from angels where country = 'it' and id not in (select unnest($1::int[]))",
        [ids],
      ),
    );
    const firstCpu = cpuSnapshot();
    const t0 = performance.now();
    const firstBytes = await bytesOf(italians.map((r) => cardUrl(r.id, 2)));
    const firstMs = (performance.now() - t0) / italians.length;
    const first = cpuPerRequest(firstCpu, cpuSnapshot(), italians.length);
    if (!firstBytes) throw new Error("no photo bytes");

    const bytes1x = await bytesOf(cardUrls(1));
    const bytes2x = await bytesOf(cardUrls(2));
    const etag = (await fetch(`${base}${cardUrls(2)[0]}`, { headers: { host: HOST } })).headers.get("etag");
    const rows = [
      await measure("bare handler", [{ path: "/__bench/bare" }], "POST", "{}"),
      await measure("GET /api/brand", [{ path: "/api/brand" }]),
      await measure(
        "card photo (2x), repeats",
        cardUrls(2).map((path) => ({ path })),
      ),
      await measure("card photo, If-None-Match", [
        { path: cardUrls(2)[0] ?? "", headers: { "if-none-match": etag ?? "" } },
      ]),
    ];

    // A member's upload of a 1000 px JPEG (what the browser sends), renditions made then: one at a time.
    let upload: { ms: number; cpu: number } | null = null;
    if (!before) {
      const signup = await fetch(`${base}/users/register`, {
        method: "POST",
        headers: { host: HOST, "content-type": "application/json" },
        body: JSON.stringify(
          signUpBody({
            email: `bench.photos.${Date.now()}@example.com`,
            password: "bench-password",
            eta: 40,
          }),
        ),
      });
      if (!signup.ok) throw new Error(`sign-up failed: ${signup.status} ${await signup.text()}`);
      const member = (await signup.json()) as { token: string; clickid: string };
      const jpeg = await sharp(
        Buffer.from(renderAvatarJpeg({ seed: "bench", hairColour: "red", size: 1000 })),
      )
        .jpeg({ quality: 100 })
        .toBuffer();
      const uploads = 6;
      const a = cpuSnapshot();
      const u0 = performance.now();
      for (let i = 0; i < uploads; i++) {
        const form = new FormData();
        form.set("avatar", new File([jpeg], "me.jpg", { type: "image/jpeg" }));
        const response = await fetch(`${base}/api/upload/${member.clickid}`, {
          method: "POST",
          headers: { host: HOST, authorization: `Bearer ${member.token}` },
          body: form,
        });
        if (!response.ok) throw new Error(`upload: ${response.status} ${await response.text()}`);
        await response.arrayBuffer();
      }
      upload = {
        ms: (performance.now() - u0) / uploads,
        cpu: cpuPerRequest(a, cpuSnapshot(), uploads).workerd,
      };
    }
    const floor = rows[0]?.cpu.workerd ?? Number.NaN;
    console.log(`\n${CONNECTIONS} connections, ${SECONDS} s each\n`);
    console.log("| request | req/s | p50 | p99 | workerd CPU per request | × bare | statuses |");
    console.log("|---|---|---|---|---|---|---|");
    for (const r of rows) {
      console.log(
        `| ${r.title} | ${Math.round(r.rps)} | ${r.p50} ms | ${r.p99} ms | ${ms(r.cpu.workerd)} ms | ${(r.cpu.workerd / floor).toFixed(1)} | ${r.statuses} |`,
      );
    }
    console.log(
      `| card photo (2x), first request of each of ${italians.length} angels, one at a time | | ${firstMs.toFixed(1)} ms (mean) | | ${ms(first.workerd)} ms | ${(first.workerd / floor).toFixed(1)} | |`,
    );
    if (upload) {
      console.log(
        `| upload of a 1000 px JPEG, renditions made, one at a time | | ${upload.ms.toFixed(0)} ms (mean) | | ${ms(upload.cpu)} ms | ${(upload.cpu / floor).toFixed(1)} | |`,
      );
    }
    console.log(`\nbytes of a find page's 5 card photos: ${bytes1x} at 1x, ${bytes2x} at 2x`);
    console.log(`machine busy per request (last row): ${ms(rows.at(-1)?.cpu.machineBusy ?? 0)} ms`);
  } finally {
    await worker.dispose();
  }
});

// The local R2 bucket of photos (Miniflare's, persisted beside the Durable Objects' storage), opened from
// Node so that the seed can store the demo portraits before the site starts.
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { unstable_readConfig } from "wrangler";
import type { PhotoBucket } from "../drizzle/seed-photos.ts";

/**
 * A Worker that stores many objects per request: Miniflare's own bucket proxy makes one round trip from
 * Node per put (about 20-50 ms each on a busy 2-core machine, 900 puts for the demo angels), this one a
 * round trip per batch. Body: a 4-byte length, a JSON list of {key, length, options}, then the bytes.
 */
const BATCH_WORKER = `export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.pathname === "/head") {
      const object = await env.PHOTOS.head(url.searchParams.get("key"));
      return Response.json(object && { customMetadata: object.customMetadata });
    }
    const body = new Uint8Array(await request.arrayBuffer());
    const headerLength = new DataView(body.buffer).getUint32(0);
    const items = JSON.parse(new TextDecoder().decode(body.subarray(4, 4 + headerLength)));
    let offset = 4 + headerLength;
    const puts = items.map((item) => {
      const bytes = body.slice(offset, offset + item.length);
      offset += item.length;
      return env.PHOTOS.put(item.key, bytes, item.options);
    });
    await Promise.all(puts);
    return new Response("stored " + items.length);
  },
};`;

type PutOptions = Parameters<PhotoBucket["put"]>[2];

/** Runs `fn` with the PHOTOS bucket persisted under `persistRoot` (the `v3` folder of wrangler's state). */
export async function withPhotoBucket<T>(
  persistRoot: string,
  fn: (bucket: PhotoBucket) => Promise<T>,
): Promise<T> {
  // The bucket as wrangler.toml declares it, so `vite dev` and `vite preview` find the same objects.
  const config = unstable_readConfig({ config: "wrangler.toml" });
  const photos = config.r2_buckets.find((bucket: { binding: string }) => bucket.binding === "PHOTOS");
  if (!photos?.bucket_name) throw new Error("wrangler.toml declares no PHOTOS bucket");
  const miniflare = new Miniflare(
    convertV4MiniflareOptions({
      modules: true,
      script: BATCH_WORKER,
      compatibilityDate: config.compatibility_date,
      r2Buckets: { PHOTOS: photos.bucket_name },
      resourcePersistencePath: persistRoot,
    }),
  );
  // Puts made in the same turn go out together, in one request.
  let pending: {
    key: string;
    value: Uint8Array;
    options: PutOptions;
    done: () => void;
    fail: (e: unknown) => void;
  }[] = [];
  const flush = async () => {
    const batch = pending;
    pending = [];
    const header = new TextEncoder().encode(
      JSON.stringify(batch.map((p) => ({ key: p.key, length: p.value.length, options: p.options }))),
    );
    const body = new Uint8Array(4 + header.length + batch.reduce((n, p) => n + p.value.length, 0));
    new DataView(body.buffer).setUint32(0, header.length);
    body.set(header, 4);
    let offset = 4 + header.length;
    for (const p of batch) {
      body.set(p.value, offset);
      offset += p.value.length;
    }
    try {
      const response = await miniflare.dispatchFetch("http://bucket/put", { method: "POST", body });
      if (!response.ok) throw new Error(`storing photos: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
      for (const p of batch) p.done();
    } catch (error) {
      for (const p of batch) p.fail(error);
    }
  };
  const bucket: PhotoBucket = {
    head: async (key) => {
      const response = await miniflare.dispatchFetch(`http://bucket/head?key=${encodeURIComponent(key)}`);
      return (await response.json()) as { customMetadata?: Record<string, string> } | null;
    },
    put: (key, value, options) =>
      new Promise<void>((done, fail) => {
        if (pending.length === 0) setImmediate(() => void flush());
        pending.push({ key, value, options, done, fail });
      }),
  };
  try {
    return await fn(bucket);
  } finally {
    await miniflare.dispose();
  }
}

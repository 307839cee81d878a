// The local R2 bucket of photos (Miniflare's, persisted beside the Durable Objects' storage), opened from
// Node so that the seed can store the demo portraits before the site starts.
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";

/** Runs `fn` with the PHOTOS bucket persisted under `persistRoot` (the `v3` folder of wrangler's state). */
export async function withPhotoBucket<T>(
  persistRoot: string,
  fn: (bucket: R2Bucket) => Promise<T>,
): Promise<T> {
  // The bucket as wrangler.toml declares it, so `vite dev` and `vite preview` find the same objects.
  const { r2Buckets, compatibilityDate } = unstable_getMiniflareWorkerOptions("wrangler.toml").workerOptions;
  const miniflare = new Miniflare(
    convertV4MiniflareOptions({
      modules: true,
      script: "export default { fetch: () => new Response(null, { status: 404 }) }",
      compatibilityDate,
      r2Buckets,
      resourcePersistencePath: persistRoot,
    }),
  );
  try {
    return await fn((await miniflare.getR2Bucket("PHOTOS")) as unknown as R2Bucket);
  } finally {
    await miniflare.dispose();
  }
}

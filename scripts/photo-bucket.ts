// The local R2 bucket of photos (Miniflare's, persisted beside the Durable Objects' storage), opened from
// Node so that the seed can store the demo portraits before the site starts.
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { unstable_readConfig } from "wrangler";
import type { PhotoBucket } from "../drizzle/seed-photos.ts";

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
      script: "export default { fetch: () => new Response(null, { status: 404 }) }",
      compatibilityDate: config.compatibility_date,
      r2Buckets: { PHOTOS: photos.bucket_name },
      resourcePersistencePath: persistRoot,
    }),
  );
  try {
    return await fn(await miniflare.getR2Bucket("PHOTOS"));
  } finally {
    await miniflare.dispose();
  }
}

// `npm run check`: one feature list for both sides. Each folder of web/features/ has a folder of the same name
// in worker/, so a reader who finds a screen finds its server part by name; the few exceptions are listed
// here, each with the reason.
import { readdirSync } from "node:fs";

/** Web features whose server part is not a worker folder of the same name. */
const WEB_ONLY: Record<string, string> = {};

const folders = (path: string) =>
  readdirSync(new URL(`../${path}/`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const worker = new Set(folders("worker"));
const problems = folders("web/features")
  .filter((feature) => !worker.has(feature) && !(feature in WEB_ONLY))
  .map(
    (feature) => `web/features/${feature} has no worker/${feature} (rename one side, or list it in WEB_ONLY)`,
  );
if (problems.length) {
  console.error(`The feature list differs between the sides:\n${problems.map((p) => `- ${p}`).join("\n")}`);
  process.exit(1);
}
console.log(`features: ${folders("web/features").length} web features, each with its worker side`);

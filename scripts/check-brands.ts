// `npm run check`: every brand of worker/brands/registry.ts is a valid entry (the schema the Worker checks
// again when it starts) and its logos are files the site serves, so a brand added wrong fails before a deploy.
import { existsSync } from "node:fs";
import { registryProblems } from "../worker/brands/brand.ts";
import { brands, defaultBrandId } from "../worker/brands/registry.ts";

const problems = registryProblems(brands, defaultBrandId);
for (const [id, entry] of Object.entries(brands)) {
  for (const field of ["logo_url", "logo_monocromo"] as const) {
    const path = entry.public[field];
    if (!existsSync(new URL(`../web/public${path}`, import.meta.url))) {
      problems.push(`${id}.public.${field} ${path} is not in web/public`);
    }
  }
}
if (problems.length) {
  console.error(`The brand registry has problems:\n${problems.map((p) => `- ${p}`).join("\n")}`);
  process.exit(1);
}
console.log(`brands: ${Object.keys(brands).length} entries valid`);

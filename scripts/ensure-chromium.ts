// Playwright drives Debian's Chromium (browser downloads are not possible here): install it when missing.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

export const CHROMIUM = "/usr/bin/chromium";

if (!existsSync(CHROMIUM)) {
  if (process.getuid?.() !== 0) {
    console.error(`Chromium is missing at ${CHROMIUM}. Install it with: sudo apt-get install -y chromium`);
    process.exit(1);
  }
  console.log("installing Debian's chromium for the end-to-end tests…");
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", {
    stdio: "inherit",
  });
}

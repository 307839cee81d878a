// Playwright drives Debian's Chromium (browser downloads are not possible here): install it when missing.
// Two packages: the end-to-end tests run the headless shell (Chromium without the browser's UI pipeline,
// what Playwright itself uses for headless runs: the suite took 30 % less time than with the full browser),
// and the benches (Lighthouse, the first-screen trace) run the full browser, as a phone's would.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const packages = {
  chromium: "/usr/bin/chromium",
  "chromium-headless-shell": "/usr/bin/chromium-headless-shell",
};
const missing = Object.entries(packages)
  .filter(([, path]) => !existsSync(path))
  .map(([name]) => name);
if (missing.length > 0) {
  const list = missing.join(" ");
  if (process.getuid?.() !== 0) {
    console.error(`Missing: ${list}. Install with: sudo apt-get install -y ${list}`);
    process.exit(1);
  }
  console.log(`installing Debian's ${list} for the end-to-end tests…`);
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${list}`, {
    stdio: "inherit",
  });
}

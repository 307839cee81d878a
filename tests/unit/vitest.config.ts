import { defineConfig } from "vitest/config";

// Pure modules (contracts, rules, catalogues) in Node; anything that runs in the Worker is tested in workerd.
export default defineConfig({
  // 30 s, not vitest's 5: npm test runs these beside the end-to-end tests, on a machine they keep busy.
  test: { root: ".", include: ["tests/unit/**/*.test.ts"], testTimeout: 30_000 },
});

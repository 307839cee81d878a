import { defineConfig } from "vitest/config";

// Pure modules (contracts, rules, catalogues) in Node; anything that runs in the Worker is tested in workerd.
export default defineConfig({
  test: { root: ".", include: ["tests/unit/**/*.test.ts"] },
});

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { cloudflare } from "@cloudflare/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const webRoot = fileURLToPath(new URL(".", import.meta.url));

const catalogueFile = /\/web\/i18n\/(it|en|es|fr)\.ts$/;
const partWithLanguage = /\/web\/i18n\/parts\/[\w-]+\.ts\?lang=(it|en|es|fr)$/;
// The last statement of every part: `export const fooTexts = { en, it, es, fr };` (any order).
const partExport = /export const (\w+) = \{\s*(?:(?:en|it|es|fr)\s*,?\s*){4}\};?\s*$/;

/**
 * One language per catalogue chunk. Every web/i18n/parts file holds the four languages of its texts in one
 * exported object, which the bundler keeps whole (it does not drop unused properties), so each catalogue
 * would carry all four. Each catalogue gets its own copy of its parts (`?lang=`), whose export keeps only
 * that language; the other three are then unused constants and left out.
 */
function onlyLanguage(): Plugin {
  return {
    name: "amore:i18n-only-language",
    enforce: "pre",
    async resolveId(source, importer) {
      const language = importer?.match(catalogueFile)?.[1];
      if (!language || !source.startsWith("./parts/")) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return resolved ? `${resolved.id}?lang=${language}` : null;
    },
    load(id) {
      const language = id.match(partWithLanguage)?.[1];
      if (!language) return null;
      const file = id.slice(0, id.indexOf("?"));
      const code = readFileSync(file, "utf8");
      if (!partExport.test(code)) {
        this.error(`${file} must end with \`export const <name>Texts = { en, it, es, fr };\``);
      }
      return { code: code.replace(partExport, `export const $1 = { ${language} };\n`), moduleType: "ts" };
    },
  };
}

export default defineConfig({
  root: webRoot,
  publicDir: "public",
  plugins: [
    onlyLanguage(),
    react(),
    // Durable Object storage of `npm start` lives in .data/; the end-to-end server passes its own folder.
    cloudflare({
      configPath: "../wrangler.toml",
      persistState: { path: process.env.WRANGLER_PERSIST_DIR ?? "../.data/wrangler" },
    }),
  ],
  server: {
    port: 8787,
    strictPort: true,
    host: "127.0.0.1",
    allowedHosts: [".localhost"],
  },
  // The end-to-end tests run the built site (one bundle per page instead of every module through vite).
  preview: { port: 8787, strictPort: true, host: "127.0.0.1", allowedHosts: [".localhost"] },
  build: { outDir: "../dist", emptyOutDir: true },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          // zod's builders have no effect the browser needs but their result: a page that imports a constant
          // or a helper of a contract gets neither that contract's unused schemas nor zod, and nothing builds
          // them at start-up (they were a fifth of the home page's script time). The Worker's build keeps all.
          treeshake: { manualPureFunctions: ["z"] },
        },
      },
    },
  },
});

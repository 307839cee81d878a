import { fileURLToPath } from "node:url";
import { cloudflare } from "@cloudflare/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const webRoot = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  root: webRoot,
  publicDir: "public",
  plugins: [
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
    // End-to-end runs turn HMR off: an edit elsewhere in the checkout must not reload a page mid-test.
    ...(process.env.VITE_NO_HMR ? { hmr: false } : {}),
  },
  build: { outDir: "../dist", emptyOutDir: true },
});

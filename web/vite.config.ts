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
  },
  // The end-to-end tests run the built site (one bundle per page instead of every module through vite).
  preview: { port: 8787, strictPort: true, host: "127.0.0.1", allowedHosts: [".localhost"] },
  build: { outDir: "../dist", emptyOutDir: true },
});

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
    cloudflare({ configPath: "../wrangler.toml", persistState: { path: "../.data/wrangler" } }),
  ],
  server: { port: 8787, strictPort: true, host: "127.0.0.1", allowedHosts: [".localhost"] },
  build: { outDir: "../dist", emptyOutDir: true },
});

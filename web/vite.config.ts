import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { cloudflare } from "@cloudflare/vite-plugin";
import react from "@vitejs/plugin-react";
import type { OutputBundle, OutputChunk } from "rolldown";
import { defineConfig, type Plugin } from "vite";
import { PRELOAD_MAP_ID, type PreloadMap, type RoutePreloads } from "../worker/contracts/preload-map.ts";

const webRoot = fileURLToPath(new URL(".", import.meta.url));
const repoRoot = fileURLToPath(new URL("..", import.meta.url));

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

/** A landing page's page modules (below web/), as web/router.tsx loads them for a member or a visitor. */
type RouteModules = { [K in keyof RoutePreloads]: string[] };
const page = (name: string) => `features/${name}.tsx`;
const memberPage = (name: string): RouteModules => ({ member: [page(name)] });
const landingPages: Record<string, RouteModules> = {
  "/": { visitor: [page("home/HomePage")] },
  "/find": { member: [page("discovery/FindPage")], visitor: [page("auth/AutoSignupPage")] },
  "/match": memberPage("discovery/MatchPage"),
  "/chats": memberPage("chat/ChatListPage"),
  "/chats/*": memberPage("chat/ChatPage"),
  "/user/*": memberPage("discovery/AngelProfilePage"),
  "/notifications": memberPage("notifications/NotificationsPage"),
  "/profile": memberPage("profile/OwnProfilePage"),
  "/login": { visitor: [page("auth/LoginPage")] },
  "/signup": { visitor: [page("auth/SignupPage")] },
  "/ms": { visitor: [page("auth/SignupPage")] },
  "/asignup": { visitor: [page("auth/AutoSignupPage")] },
};

/**
 * The map of the chunks each landing page needs (worker/contracts/preload-map.ts), written into index.html
 * for the Worker: the router only asks for a page's chunk once the entry has run and the language and
 * TanStack Query have arrived, three round trips where one will do. The hashed names are known only here.
 */
function preloadMap(): Plugin {
  return {
    name: "amore:preload-map",
    applyToEnvironment: (environment) => environment.name === "client",
    transformIndexHtml: {
      order: "post",
      handler(_html, { bundle }) {
        if (!bundle) return; // vite dev: no chunks, no map
        const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === "chunk");
        const entry = chunks.find((c) => c.isEntry);
        if (!entry) throw new Error("the client build has no entry chunk");
        // The entry's own static imports are in the page already (Vite's modulepreload links).
        const loaded = new Set(closure(bundle, [entry.fileName], new Set()));
        const files = (...modules: string[]) =>
          closure(
            bundle,
            modules.map((module) => chunkOf(chunks, `${webRoot}${module}`).fileName),
            loaded,
          ).map((file) => `/${file}`);
        const map: PreloadMap = {
          languages: Object.fromEntries(
            (["it", "en", "es", "fr"] as const).map((l) => [l, files(`i18n/${l}.ts`)]),
          ),
          start: files("lib/query-client.ts"),
          member: files("app/MemberFrame.tsx"),
          routes: Object.fromEntries(
            Object.entries(landingPages).map(([path, modules]) => [
              path,
              Object.fromEntries(
                Object.entries(modules).map(([who, list]) => [who, files(...list)]),
              ) as RoutePreloads,
            ]),
          ),
        };
        return [
          {
            tag: "script",
            attrs: { type: "application/json", id: PRELOAD_MAP_ID },
            children: JSON.stringify(map),
            injectTo: "head",
          },
        ];
      },
    },
  };
}

/**
 * The chunks of a member's start, grouped. Left to itself the bundler cut the frame and the find page into
 * some twenty chunks of a few hundred bytes (a button, a spinner, a contract's constants), each a request of
 * its own on a phone, queued six at a time over HTTP/1.1. Grouped here: TanStack Query in one chunk; what the
 * member's frame and the find page need beyond the entry in another; and the part of that which the visitor's
 * landing pages share (form parts, the regions) in a third, so a visitor never loads the member's code.
 */
function startChunks() {
  const member = new Set<string>();
  const shared = new Set<string>();
  const plugin: Plugin = {
    name: "amore:start-chunks",
    applyToEnvironment: (environment) => environment.name === "client",
    buildEnd() {
      const closure = (modules: string[]) => {
        const found = new Set<string>();
        const visit = (id: string) => {
          if (found.has(id)) return;
          found.add(id);
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) visit(next);
        };
        for (const module of modules) visit(`${webRoot}${module}`);
        return found;
      };
      member.clear();
      shared.clear();
      const entry = closure(["main.tsx"]);
      const visitor = closure(Object.values(landingPages).flatMap((page) => page.visitor ?? []));
      // The site's own modules only, and not a contract that builds zod schemas: that one stays beside zod,
      // where the bundler puts it (a page that takes only a constant of it gets neither: see treeshake below).
      const own = (id: string) =>
        id.startsWith(repoRoot) &&
        !id.includes("/node_modules/") &&
        !this.getModuleInfo(id)?.importedIds.some((next) => next.includes("/node_modules/zod/"));
      for (const id of closure(["app/MemberFrame.tsx", page("discovery/FindPage")])) {
        if (!entry.has(id) && own(id)) (visitor.has(id) ? shared : member).add(id);
      }
    },
  };
  const groups = [
    {
      name: "query",
      test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]|web[\\/]lib[\\/]query-client\.ts$/,
    },
    { name: "member-start", test: (id: string) => member.has(id) },
    { name: "start-parts", test: (id: string) => shared.has(id) },
  ].map((group) => ({ ...group, includeDependenciesRecursively: false }));
  return { plugin, groups };
}
const start = startChunks();

/** The chunk a module went into (its own, or the one it was merged into). */
function chunkOf(chunks: OutputChunk[], id: string): OutputChunk {
  const chunk = chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
  if (!chunk) throw new Error(`no chunk holds ${id}`);
  return chunk;
}

/**
 * The files, everything they import statically and their style sheets (which Vite's loader waits for before
 * it runs a chunk), but those in `skip`.
 */
function closure(bundle: OutputBundle, files: string[], skip: Set<string>): string[] {
  const found = new Set<string>();
  const visit = (file: string) => {
    if (found.has(file) || skip.has(file)) return;
    found.add(file);
    const chunk = bundle[file];
    if (chunk?.type !== "chunk") return;
    for (const css of chunk.viteMetadata?.importedCss ?? []) visit(css);
    for (const imported of chunk.imports) visit(imported);
  };
  for (const file of files) visit(file);
  return [...found];
}

export default defineConfig({
  root: webRoot,
  publicDir: "public",
  plugins: [
    onlyLanguage(),
    preloadMap(),
    start.plugin,
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
          output: { codeSplitting: { groups: start.groups } },
        },
      },
    },
  },
});

// What a visitor's phone downloads before the home page can start, from a real build of the site (the same
// Vite configuration as `npm run build`, with source maps to tell which modules each chunk holds): the entry
// chunk and everything it imports statically: at most 110 kB gzip, no operator console, no catalogue (the
// brand's language comes as a chunk of its own), and each language's chunk only that language.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chunkModules, initialScripts, totalGzip } from "../../scripts/bench/initial-js";
import { en } from "../../web/i18n/en";
import { es } from "../../web/i18n/es";
import { fr } from "../../web/i18n/fr";
import { it as itCatalogue } from "../../web/i18n/it";
import { takePreloads } from "../../worker/html/preload-links";

const BUDGET_GZIP_BYTES = 110_000;
const catalogues = { it: itCatalogue, en, es, fr };

let outDir = "";
let clientDir = "";
beforeAll(() => {
  outDir = mkdtempSync(join(tmpdir(), "bundle-budget-"));
  const vite = join(process.cwd(), "node_modules/vite/bin/vite.js");
  const args = [
    "build",
    "--config",
    "web/vite.config.ts",
    "--outDir",
    outDir,
    "--sourcemap",
    "--logLevel",
    "error",
  ];
  // Vitest sets NODE_ENV=test, which would give React's development build.
  const env = { ...process.env, NODE_ENV: "production" };
  const result = spawnSync(process.execPath, [vite, ...args], { encoding: "utf8", env });
  expect(result.status, result.stderr).toBe(0);
  clientDir = join(outDir, "client");
}, 180_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe("the home page's initial JavaScript", () => {
  it(`is at most ${BUDGET_GZIP_BYTES / 1000} kB gzip`, () => {
    const chunks = initialScripts(clientDir);
    expect(chunks.length).toBeGreaterThan(0);
    expect(totalGzip(chunks), chunks.map((c) => `${c.file} ${c.gzip}`).join(", ")).toBeLessThanOrEqual(
      BUDGET_GZIP_BYTES,
    );
  });

  it("holds no page, no operator console screen and no catalogue", () => {
    const modules = initialScripts(clientDir).flatMap((chunk) => chunkModules(clientDir, chunk.file));
    expect(modules).toContain("web/main.tsx");
    // The console's route tree (its paths) is part of the router; its screens are not.
    const features = modules.filter((m) => m.startsWith("web/features/"));
    expect(features).toEqual(["web/features/ops/ops-routes.tsx"]);
    expect(modules.filter((m) => m.startsWith("web/i18n/") && m !== "web/i18n/i18n.tsx")).toEqual([]);
    expect(modules.filter((m) => /node_modules\/(partysocket|@use-gesture|zod)\//.test(m))).toEqual([]);
  });
});

describe("a member's /find at start", () => {
  // The scripts a page's start fetches, as the Worker preloads them (its own reading of the build's map): the
  // entry and its static imports, the language and TanStack Query, and the page's chunks for a member (with
  // the member's frame) or a visitor.
  const startScripts = (path: string, who: "member" | "visitor") => {
    const html = readFileSync(join(clientDir, "index.html"), "utf8");
    const { preloads } = takePreloads(html, path, "it");
    return [
      ...new Set([
        ...initialScripts(clientDir).map((chunk) => chunk.file),
        ...[...preloads.any, ...preloads[who]].filter((f) => f.endsWith(".js")).map((f) => f.slice(1)),
      ]),
    ];
  };
  const modulesOf = (files: string[]) => files.flatMap((file) => chunkModules(clientDir, file));

  it("holds no zod: no schema is built before the grid is drawn", () => {
    const modules = modulesOf(startScripts("/find", "member"));
    expect(modules).toContain("web/features/discovery/FindPage.tsx");
    expect(modules).toContain("web/app/MemberFrame.tsx");
    expect(modules.filter((m) => /node_modules\/zod\//.test(m))).toEqual([]);
  });

  // web/vite.config.ts groups them: left to itself the bundler cut them into some twenty chunks of a few
  // hundred bytes, each a request of its own (six at a time over HTTP/1.1).
  it("is a handful of scripts, and a visitor's landing pages load none of the member's", () => {
    expect(startScripts("/find", "member").length).toBeLessThanOrEqual(8);
    for (const path of ["/", "/find", "/signup", "/login"]) {
      const modules = modulesOf(startScripts(path, "visitor"));
      expect(modules, path).not.toContain("web/app/MemberFrame.tsx");
      expect(modules, path).not.toContain("web/features/discovery/FindPage.tsx");
    }
  });
});

describe("each language's chunk", () => {
  const chunkOf = (language: string) => {
    const file = readdirSync(join(clientDir, "assets")).find(
      (name) =>
        name.endsWith(".js") && chunkModules(clientDir, `assets/${name}`).includes(`web/i18n/${language}.ts`),
    );
    if (!file) throw new Error(`no chunk holds web/i18n/${language}.ts`);
    // The minifier writes some characters as escapes (no-break spaces, quotes): compare the texts, not them.
    return readFileSync(join(clientDir, "assets", file), "utf8")
      .replace(/\\u\{?([0-9a-fA-F]{4,6})\}?|\\x([0-9a-fA-F]{2})/g, (_, u?: string, x?: string) =>
        String.fromCodePoint(Number.parseInt(u ?? x ?? "", 16)),
      )
      .replace(/\\(["'`])/g, "$1");
  };

  it.each(Object.keys(catalogues))("%s holds its own texts and none of the other languages'", (language) => {
    const own = catalogues[language as keyof typeof catalogues];
    const code = chunkOf(language);
    // Texts long enough to be a language's own (short ones such as "Email" are shared between languages).
    const distinct = (texts: Record<string, string>) =>
      Object.values(texts).filter((text) => text.length >= 20 && !text.includes('"') && !text.includes("\n"));
    expect(distinct(own).filter((text) => !code.includes(text))).toEqual([]);
    for (const [other, texts] of Object.entries(catalogues)) {
      if (other === language) continue;
      const ownValues = new Set(Object.values(own));
      const foreign = distinct(texts).filter((text) => !ownValues.has(text));
      expect(
        foreign.filter((text) => code.includes(text)),
        `${other} texts in the ${language} chunk`,
      ).toEqual([]);
    }
  });
});

describe("the chart library", () => {
  it("is in the dashboard's own chunk only: no other console page and no member page fetches it", () => {
    const assets = readdirSync(join(clientDir, "assets")).filter((name) => name.endsWith(".js"));
    const withUplot = assets.filter((name) =>
      chunkModules(clientDir, `assets/${name}`).some((m) => m.includes("node_modules/uplot/")),
    );
    expect(withUplot).toHaveLength(1);
    const modules = chunkModules(clientDir, `assets/${withUplot[0]}`);
    expect(modules).toContain("web/features/ops/dashboard/OpsDashboardPage.tsx");
    expect(modules).not.toContain("web/features/ops/ops-screens.tsx");
  });
});

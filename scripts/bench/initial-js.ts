// The JavaScript a page needs before it runs: the entry chunk of a Vite build plus every chunk it imports
// statically, read from the build's own index.html (Vite writes the entry as the module script and each of
// its static imports as a modulepreload link). Sizes are gzip at zlib's default level, as Vite reports them.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

export interface InitialChunk {
  file: string;
  bytes: number;
  gzip: number;
}

export function initialScripts(clientDir: string): InitialChunk[] {
  const html = readFileSync(join(clientDir, "index.html"), "utf8");
  const files = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="\/([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/([^"]+)"/g),
  ].map((match) => match[1] ?? "");
  return [...new Set(files)].map((file) => {
    const code = readFileSync(join(clientDir, file));
    return { file, bytes: code.length, gzip: gzipSync(code).length };
  });
}

export const totalGzip = (chunks: InitialChunk[]) => chunks.reduce((sum, chunk) => sum + chunk.gzip, 0);

/**
 * The source modules a built chunk holds, from its source map (the build must write maps), repo-relative.
 * Vite's own helpers (the preload helper) have no map and no source of ours: none.
 */
export function chunkModules(clientDir: string, file: string): string[] {
  const mapFile = join(clientDir, `${file}.map`);
  if (!existsSync(mapFile)) return [];
  const map = JSON.parse(readFileSync(mapFile, "utf8")) as { sources: string[] };
  return map.sources.map((source) => {
    const inRepo = source.match(/(?:^|\/)((?:web|worker|node_modules)\/.*)$/);
    return inRepo?.[1] ?? source;
  });
}

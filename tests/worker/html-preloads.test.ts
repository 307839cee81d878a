// The page's chunks named in the HTML: the build writes a map of each landing page's chunks into
// index.html (web/vite.config.ts), and the Worker turns it into <link rel="modulepreload"> for the brand's
// language and the page asked, so they download beside the entry. The map itself never reaches the browser.
// The Worker tests serve the source index.html (no build, no map); here the Worker gets a built one.
import { describe, expect, it } from "vitest";
import type { PreloadMap } from "../../worker/contracts/preload-map";
import { injectBrand } from "../../worker/html/brand-html";
import { testBrands } from "../fixtures/config";
import { call } from "../fixtures/members";

const map: PreloadMap = {
  languages: {
    it: ["/assets/it-1.js"],
    en: ["/assets/en-2.js"],
    es: ["/assets/es-3.js"],
    fr: ["/assets/fr-4.js"],
  },
  start: ["/assets/query-client-5.js", "/assets/query-6.js"],
  member: ["/assets/MemberFrame-7.js", "/assets/query-6.js"],
  routes: {
    "/": { visitor: ["/assets/HomePage-8.js"] },
    "/find": {
      member: ["/assets/FindPage-9.js", "/assets/query-6.js"],
      visitor: ["/assets/AutoSignup-10.js"],
    },
    "/chats/*": { member: ["/assets/ChatPage-11.js"] },
  },
};

const built = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Chat</title>
<script type="module" crossorigin src="/assets/index-0.js"></script>
<script type="application/json" id="preload-map">${JSON.stringify(map)}</script>
</head><body><div id="root"></div></body></html>`;

async function page(path: string, brand = testBrands.amoreitalia) {
  const response = new Response(built, { headers: { "content-type": "text/html; charset=utf-8" } });
  const html = await (await injectBrand(response, brand, "n0nce", path)).text();
  const linked = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
    (m) => m[1],
  );
  const script = /<script id="first-screen" nonce="n0nce">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
  const byScript = JSON.parse(/\{"m":\[.*?\],"v":\[.*?\]\}/.exec(script)?.[0] ?? "null") as {
    m: string[];
    v: string[];
  };
  return { html, linked, member: byScript.m, visitor: byScript.v };
}

describe("the HTML's preloads", () => {
  it("name the Italian catalogue and /find's chunks on the Italian brand's /find, and no other language", async () => {
    const find = await page("/find");
    expect(find.linked).toEqual(["/assets/it-1.js", "/assets/query-client-5.js", "/assets/query-6.js"]);
    // A stored session decides (the browser's script): the member's frame and the find page, or the visitor's
    // sign-up lander; what every page loads is not named twice.
    expect(find.member).toEqual(["/assets/MemberFrame-7.js", "/assets/FindPage-9.js"]);
    expect(find.visitor).toEqual(["/assets/AutoSignup-10.js"]);
    expect(find.html).not.toMatch(/en-2|es-3|fr-4/);
    // The map is the Worker's, not the page's.
    expect(find.html).not.toContain('id="preload-map"');
  });

  it("name the brand's own language", async () => {
    expect((await page("/", testBrands.amorespana)).linked[0]).toBe("/assets/es-3.js");
    expect((await page("/", testBrands.lovechat)).linked[0]).toBe("/assets/en-2.js");
  });

  it("match a page with its parameter, and a path with a trailing slash", async () => {
    expect((await page("/chats/42")).member).toContain("/assets/ChatPage-11.js");
    expect((await page("/find/")).member).toContain("/assets/FindPage-9.js");
  });

  it("name the language and the start only for a page the map does not know, and nothing on the console", async () => {
    const other = await page("/legal/terms");
    expect(other.linked).toEqual(["/assets/it-1.js", "/assets/query-client-5.js", "/assets/query-6.js"]);
    expect(other.visitor).toEqual([]);
    expect((await page("/ops/login")).linked).toEqual([]);
  });

  it("are left out when the HTML has no map (vite dev) or a broken one, and the page is served as before", async () => {
    const response = await call("/find");
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).not.toContain('rel="modulepreload" crossorigin href="/assets/it');
    expect(html).toContain('<div id="root"><div class="boot">');
    const broken = built.replace('"languages"', '"lingue"');
    const served = await injectBrand(
      new Response(broken, { headers: { "content-type": "text/html" } }),
      testBrands.amoreitalia,
      "n0nce",
      "/find",
    );
    const text = await served.text();
    expect(text).not.toContain('<link rel="modulepreload"');
    expect(text).toContain('{"m":[],"v":[]}');
  });
});

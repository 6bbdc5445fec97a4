// `npm run bundle-size`: the JavaScript a first visit to a page loads (module scripts and modulepreloads in the
// server-rendered HTML), gzipped at level 9 like a CDN would. Budget for every shopper page, in both languages:
// under 100 KB (the command fails above it, so CI keeps it).
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { withBuiltStore } from "./serve-built.mjs";

const BUDGET_KB = 100;
const args = process.argv.slice(2);
// --files lists each page's files, largest first.
const listFiles = args.includes("--files");
const paths = args.filter((a) => a !== "--files").length
  ? args.filter((a) => a !== "--files")
  : ["/", "/products", "/products/fresh-fish", "/auctions", "/auctions/1", "/blogs/1", "/te", "/te/products"];

await withBuiltStore(async (base) => {
  let failed = false;
  for (const path of paths) {
    const html = await (await fetch(base + path)).text();
    const urls = new Set();
    // The page writes its preloads inert until it has loaded (`x-late-modulepreload`); they are fetched all the same.
    for (const m of html.matchAll(/<link rel="(?:x-late-)?modulepreload" href="([^"]+)"/g)) urls.add(m[1]);
    for (const m of html.matchAll(/import\s*\(?\s*(?:\*\s*as\s*\w+\s*from\s*)?"(\/assets\/[^"]+\.js)"/g)) urls.add(m[1]);
    if (![...urls].some((url) => url.includes("/entry.client-")))
      throw new Error(`${path}: no entry module found in the page; the page's scripts have changed shape`);
    const files = [...urls].map((url) => {
      const body = readFileSync(`build/client${url}`);
      return { url, raw: body.length, gz: gzipSync(body, { level: 9 }).length };
    });
    const raw = files.reduce((sum, f) => sum + f.raw, 0);
    const gz = files.reduce((sum, f) => sum + f.gz, 0);
    const kb = (n) => (n / 1024).toFixed(2);
    console.log(`${path}: ${urls.size} files, ${kb(raw)} KB raw, ${kb(gz)} KB gzip (budget ${BUDGET_KB} KB)`);
    if (listFiles) for (const f of files.sort((a, b) => b.gz - a.gz)) console.log(`  ${kb(f.gz).padStart(6)} KB  ${f.url}`);
    if (gz / 1024 > BUDGET_KB) failed = true;
  }
  if (failed) process.exitCode = 1;
});

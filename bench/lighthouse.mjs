// `npm run lighthouse`: Lighthouse mobile scores (median of 3 runs) of /, /products, a product page, /blogs/1,
// /te and /te/products against the locally served build, in Debian's Chromium. Aims: performance >= 95;
// accessibility, best practices, SEO 100.
import { mkdirSync, writeFileSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { withBuiltStore } from "./serve-built.mjs";

const RUNS = Number(process.env.RUNS || 3);
const paths = process.argv.slice(2).length ? process.argv.slice(2) : ["/", "/products", "/products/fresh-fish", "/blogs/1", "/te", "/te/products"];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

await withBuiltStore(async (base) => {
  mkdirSync("bench/results", { recursive: true });
  const rows = [];
  for (const path of paths) {
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, []]));
    const lcp = [];
    for (let i = 0; i < RUNS; i++) {
      const chrome = await chromeLauncher.launch({
        chromePath: process.env.CHROME_PATH || "/usr/bin/chromium",
        chromeFlags: [
          "--headless=new",
          "--no-sandbox",
          "--disable-gpu",
          "--disable-quic",
          "--no-first-run",
          "--disable-background-networking",
          "--disable-component-update",
          "--disable-sync",
        ],
      });
      try {
        const result = await lighthouse(base + path, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: CATEGORIES,
          formFactor: "mobile",
        });
        const lhr = result.lhr;
        for (const c of CATEGORIES) scores[c].push(Math.round((lhr.categories[c].score ?? 0) * 100));
        lcp.push(lhr.audits["largest-contentful-paint"].numericValue);
        writeFileSync(`bench/results/lighthouse${path.replaceAll("/", "_") || "_"}-${i + 1}.json`, JSON.stringify(lhr));
        for (const c of CATEGORIES) {
          for (const ref of lhr.categories[c].auditRefs) {
            const audit = lhr.audits[ref.id];
            if (ref.weight > 0 && audit.score !== null && audit.score < 1 && c !== "performance") console.log(`  ${path} ${c}: ${audit.id} – ${audit.title}`);
          }
        }
      } finally {
        await chrome.kill();
      }
    }
    rows.push({ path, ...Object.fromEntries(CATEGORIES.map((c) => [c, median(scores[c])])), "LCP ms": Math.round(median(lcp)) });
  }
  console.table(rows);
});

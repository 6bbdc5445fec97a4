// `npm run lighthouse`: Lighthouse mobile scores and metrics (median of 3 runs, default simulated throttling) of
// the shopper's main pages in both languages against the locally served build, in Debian's Chromium, and a signed-in
// shopper's My Orders, order page and checkout with a cart (both languages). Aims:
// performance 100 with LCP <= 1.2 s, TBT <= 50 ms and CLS 0; accessibility, best practices, SEO 100.
import { mkdirSync, writeFileSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { withBuiltStore } from "./serve-built.mjs";
import { addShopper } from "./shopper.mjs";

const RUNS = Number(process.env.RUNS || 3);
/** A signed-in shopper's pages (bench/shopper.mjs: a cart of two lines and three paid orders), measured with their session. */
const SIGNED_IN = ["/orders", "/orders/PUL-9000-BEN2", "/checkout", "/te/orders", "/te/orders/PUL-9000-BEN2", "/te/checkout"];
const paths = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ["/", "/products", "/products/fresh-fish", "/auctions", "/auctions/1", "/blogs/1", "/te", "/te/products", ...SIGNED_IN];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const METRICS = [
  ["FCP ms", "first-contentful-paint"],
  ["LCP ms", "largest-contentful-paint"],
  ["TBT ms", "total-blocking-time"],
  ["CLS", "cumulative-layout-shift"],
];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

await withBuiltStore(
  async (base, { prepared: cookie }) => {
    mkdirSync("bench/results", { recursive: true });
    const rows = [];
    for (const path of paths) {
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, []]));
      const metrics = Object.fromEntries(METRICS.map(([, id]) => [id, []]));
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
            extraHeaders: SIGNED_IN.includes(path) ? { Cookie: cookie } : undefined,
          });
          const lhr = result.lhr;
          for (const c of CATEGORIES) scores[c].push(Math.round((lhr.categories[c].score ?? 0) * 100));
          for (const [, id] of METRICS) metrics[id].push(lhr.audits[id].numericValue);
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
      const figures = METRICS.map(([label, id]) => [label, id === "cumulative-layout-shift" ? median(metrics[id]) : Math.round(median(metrics[id]))]);
      rows.push({ path, ...Object.fromEntries(CATEGORIES.map((c) => [c, median(scores[c])])), ...Object.fromEntries(figures) });
    }
    console.table(rows);
  },
  { beforeStart: addShopper },
);

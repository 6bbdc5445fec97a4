// `npm run lcp-element`: which element is the Largest Contentful Paint of each page at phone size, read from
// the browser's own PerformanceObserver in Debian's Chromium (Lighthouse 12's LCP-element audit fails on
// this Chromium's traces). On / it must be the hero poster, not the video.
import { chromium } from "playwright-core";
import { withBuiltStore } from "./serve-built.mjs";

const paths = process.argv.slice(2).length ? process.argv.slice(2) : ["/", "/products", "/blogs/1"];

await withBuiltStore(async (base) => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking"],
  });
  try {
    for (const path of paths) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
      const page = await context.newPage();
      await page.goto(base + path, { waitUntil: "load" });
      const lcp = await page.evaluate(
        () =>
          new Promise((resolve) => {
            new PerformanceObserver((list) => {
              const last = list.getEntries().at(-1);
              const el = last.element;
              resolve({ ms: Math.round(last.startTime), tag: el?.tagName.toLowerCase(), src: last.url || el?.textContent?.slice(0, 60) });
            }).observe({ type: "largest-contentful-paint", buffered: true });
          }),
      );
      console.log(`${path}: LCP ${lcp.ms} ms, <${lcp.tag}> ${lcp.src}`);
      await context.close();
    }
  } finally {
    await browser.close();
  }
});

// `npm run bench:pages`: server latency of the store's pages as served locally on this machine (p50/p95/p99 of
// sequential requests, after a warm-up): an anonymous page from the edge cache (with the per-response nonce
// rewrite), the same page rendered (cache bypassed by a cookie), and a page rendered for a signed-in user
// (session lookup in the load context). Local workerd, so the figures compare paths; they are not Cloudflare's.
import { withBuiltStore } from "./serve-built.mjs";

const N = Number(process.env.N || 200);
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function measure(label, url, headers = {}) {
  for (let i = 0; i < 10; i++) await (await fetch(url, { headers })).arrayBuffer();
  const times = [];
  let cache = "";
  for (let i = 0; i < N; i++) {
    const start = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    times.push(performance.now() - start);
    cache = res.headers.get("x-cache") ?? "";
  }
  times.sort((a, b) => a - b);
  const f = (n) => n.toFixed(1).padStart(6);
  console.log(`${label.padEnd(44)} x-cache=${cache.padEnd(6)} p50 ${f(pct(times, 50))} ms  p95 ${f(pct(times, 95))} ms  p99 ${f(pct(times, 99))} ms`);
}

await withBuiltStore(async (base) => {
  const login = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: "admin@pulasa.local", password: "pulasa-admin-local" }),
  });
  const session = login.headers
    .getSetCookie()
    .find((c) => c.startsWith("__session="))
    ?.split(";")[0];
  if (!session) throw new Error("could not sign in the seeded admin");
  console.log(`${N} sequential requests per row`);
  await measure("GET /products, anonymous (edge cache)", `${base}/products`);
  await measure("GET /products, rendered (a non-theme cookie)", `${base}/products`, { Cookie: "x=1" });
  await measure("GET /products, signed in (session lookup)", `${base}/products`, { Cookie: session });
  await measure("GET /blogs/1, anonymous (edge cache)", `${base}/blogs/1`);
});

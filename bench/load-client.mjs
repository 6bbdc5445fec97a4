// The load bench's HTTP side: one recorder of every request's route, latency and outcome, and a visitor with
// its own cookies who sends the requests a browser would (same-origin form posts, redirects followed by hand).

/** Each request's latency and outcome, by route ("GET /orders/:number"); printed as one table. */
export class Recorder {
  routes = new Map();

  /** @param {string} route @param {number} ms @param {number | "error"} outcome the status, or "error" for none */
  add(route, ms, outcome) {
    let r = this.routes.get(route);
    if (!r) this.routes.set(route, (r = { times: [], status4xx: 0, status5xx: 0, errors: 0, samples: [] }));
    r.times.push(ms);
    if (outcome === "error") r.errors++;
    else if (outcome >= 500) r.status5xx++;
    else if (outcome >= 400) r.status4xx++;
  }

  /** Keeps the first few failures of a route to print with the table. */
  note(route, text) {
    const r = this.routes.get(route);
    if (r && r.samples.length < 3) r.samples.push(text.slice(0, 300));
  }

  totals() {
    let requests = 0,
      status5xx = 0,
      errors = 0;
    for (const r of this.routes.values()) {
      requests += r.times.length;
      status5xx += r.status5xx;
      errors += r.errors;
    }
    return { requests, status5xx, errors };
  }

  table(seconds) {
    const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
    const f = (n) => n.toFixed(0).padStart(6);
    const lines = [`${"route".padEnd(36)} ${"count".padStart(7)} ${"req/s".padStart(6)} ${"p50 ms".padStart(6)} ${"p99 ms".padStart(6)}    4xx    5xx errors`];
    for (const [route, r] of [...this.routes].sort(([a], [b]) => a.localeCompare(b))) {
      const sorted = [...r.times].sort((a, b) => a - b);
      const counts = [r.status4xx, r.status5xx, r.errors].map((n) => String(n).padStart(6)).join(" ");
      lines.push(
        `${route.padEnd(36)} ${String(sorted.length).padStart(7)} ${f(sorted.length / seconds)} ${f(pct(sorted, 50))} ${f(pct(sorted, 99))} ${counts}`,
      );
      for (const sample of r.samples) lines.push(`    ${sample}`);
    }
    return lines.join("\n");
  }
}

/**
 * The store's front (a Node server) closes a keep-alive connection after 5 s without a request; fetch keeps an idle
 * one for 4 s, and on a machine this loaded the client's timers can run late enough that a request goes out on a
 * connection being closed (read ECONNRESET, a failure of the client's making: a browser sends such a request again
 * by itself). Idle connections are dropped after 1 s instead, through fetch's own dispatcher (made on the first
 * request).
 * @param {string} base
 */
export async function keepAliveShorterThanServer(base) {
  await (await fetch(`${base}/robots.txt`)).arrayBuffer();
  const key = Symbol.for("undici.globalDispatcher.1");
  const Agent = globalThis[key].constructor;
  globalThis[key] = new Agent({ keepAliveTimeout: 1_000, keepAliveMaxTimeout: 1_000 });
}

/** A random client address per visitor, so the store's per-address limits see many people, as they would. */
const randomAddress = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

/** One visitor: their cookies, their address, each request recorded under its route. */
export class Visitor {
  cookies = new Map();
  address = randomAddress();

  /** @param {string} base @param {Recorder} recorder */
  constructor(base, recorder) {
    this.base = base;
    this.recorder = recorder;
  }

  /**
   * One request; resolves with { status, location, text, json } or null when no answer came (recorded as an
   * error). `expect` lists the statuses this step should get; any other is noted with the route.
   * @param {string} route @param {string} path
   * @param {{ form?: Record<string, string>, json?: unknown, expect?: number[], read?: "text" | "json" }} options a form or JSON body makes it a POST
   */
  async request(route, path, { form, json, expect = [200], read } = {}) {
    const method = form || json !== undefined ? "POST" : "GET";
    const headers = { "CF-Connecting-IP": this.address };
    if (this.cookies.size) headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    let body;
    if (form || json !== undefined) {
      headers.Origin = this.base;
      headers["Content-Type"] = form ? "application/x-www-form-urlencoded" : "application/json";
      body = form ? new URLSearchParams(form).toString() : JSON.stringify(json);
    }
    const start = performance.now();
    try {
      const res = await fetch(this.base + path, { method, headers, body, redirect: "manual", signal: AbortSignal.timeout(60_000) });
      const text = await res.text();
      this.recorder.add(route, performance.now() - start, res.status);
      for (const cookie of res.headers.getSetCookie()) this.keep(cookie);
      if (!expect.includes(res.status)) this.recorder.note(route, `${res.status} ${path}: ${text.replace(/\s+/g, " ")}`);
      return { status: res.status, location: res.headers.get("location"), text, json: read === "json" ? safeJson(text) : undefined };
    } catch (error) {
      this.recorder.add(route, performance.now() - start, "error");
      this.recorder.note(route, `no answer for ${method} ${path}: ${error.cause?.message ?? error.message}`);
      return null;
    }
  }

  keep(setCookie) {
    const [pair, ...attributes] = setCookie.split(";");
    const at = pair.indexOf("=");
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
    if (expired || value === "") this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}

function safeJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

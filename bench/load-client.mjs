// The load bench's HTTP side: one recorder of every request's route, latency and outcome, and a visitor with
// its own cookies who sends the requests a browser would (same-origin form posts, redirects followed by hand).

/** Each request's latency and outcome, by route ("GET /orders/:number"); printed as one table. */
export class Recorder {
  routes = new Map();

  /**
   * @param {string} route @param {number} ms @param {number | "error"} outcome the status, or "error" for none
   * @param {boolean} [expected] whether the status is one the step expects (a refusal where success was due is not)
   */
  add(route, ms, outcome, expected = true) {
    let r = this.routes.get(route);
    if (!r) this.routes.set(route, (r = { times: [], status4xx: 0, status5xx: 0, errors: 0, unexpected: 0, samples: [] }));
    r.times.push(ms);
    if (outcome === "error") r.errors++;
    else if (outcome >= 500) r.status5xx++;
    else if (outcome >= 400) r.status4xx++;
    if (outcome !== "error" && !expected) r.unexpected++;
  }

  /** Keeps the first few failures of a route to print with the table. */
  note(route, text) {
    const r = this.routes.get(route);
    if (r && r.samples.length < 3) r.samples.push(text.slice(0, 300));
  }

  totals() {
    let requests = 0,
      status5xx = 0,
      errors = 0,
      unexpected = 0;
    for (const r of this.routes.values()) {
      requests += r.times.length;
      status5xx += r.status5xx;
      errors += r.errors;
      unexpected += r.unexpected;
    }
    return { requests, status5xx, errors, unexpected };
  }

  /** Each route's count, p50 and p99 (ms) and failures, by route name. */
  stats() {
    const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
    return [...this.routes]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([route, r]) => {
        const sorted = [...r.times].sort((a, b) => a - b);
        return {
          route,
          count: sorted.length,
          p50: pct(sorted, 50),
          p99: pct(sorted, 99),
          status4xx: r.status4xx,
          status5xx: r.status5xx,
          errors: r.errors,
          unexpected: r.unexpected,
          samples: r.samples,
        };
      });
  }

  table(seconds) {
    const f = (n) => n.toFixed(0).padStart(6);
    const stats = this.stats();
    const width = Math.max(36, ...stats.map((r) => r.route.length));
    const lines = [
      `${"route".padEnd(width)} ${"count".padStart(7)} ${"req/s".padStart(6)} ${"p50 ms".padStart(6)} ${"p99 ms".padStart(6)}    4xx    5xx errors unexpected`,
    ];
    for (const r of stats) {
      const counts = [r.status4xx, r.status5xx, r.errors, r.unexpected].map((n, i) => String(n).padStart(i < 3 ? 6 : 10)).join(" ");
      lines.push(`${r.route.padEnd(width)} ${String(r.count).padStart(7)} ${f(r.count / seconds)} ${f(r.p50)} ${f(r.p99)} ${counts}`);
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
   * @param {{ form?: Record<string, string> | FormData, json?: unknown, expect?: number[], read?: "text" | "json" }} options a form (FormData: a
   * multipart one, files and all) or JSON body makes it a POST
   */
  async request(route, path, { form, json, expect = [200], read } = {}) {
    const method = form || json !== undefined ? "POST" : "GET";
    const headers = { "CF-Connecting-IP": this.address };
    if (this.cookies.size) headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    let body;
    if (form || json !== undefined) {
      headers.Origin = this.base;
      if (form instanceof FormData)
        body = form; // fetch writes the multipart type with its boundary
      else {
        headers["Content-Type"] = form ? "application/x-www-form-urlencoded" : "application/json";
        body = form ? new URLSearchParams(form).toString() : JSON.stringify(json);
      }
    }
    const start = performance.now();
    try {
      const res = await fetch(this.base + path, { method, headers, body, redirect: "manual", signal: AbortSignal.timeout(60_000) });
      const text = await res.text();
      this.recorder.add(route, performance.now() - start, res.status, expect.includes(res.status));
      for (const cookie of res.headers.getSetCookie()) this.keep(cookie);
      if (!expect.includes(res.status)) this.recorder.note(route, `${res.status} ${path}: ${text.replace(/\s+/g, " ")}`);
      return { status: res.status, location: res.headers.get("location"), text, json: read === "json" ? safeJson(text) : undefined };
    } catch (error) {
      this.recorder.add(route, performance.now() - start, "error");
      this.recorder.note(route, `no answer for ${method} ${path}: ${error.cause?.message ?? error.message}`);
      return null;
    }
  }

  /**
   * The same person in another tab: the same cookies and address, its requests recorded in `recorder` (a tally of
   * one piece of work), so that several pieces of their work can run at once.
   */
  tab(recorder) {
    return Object.assign(Object.create(Object.getPrototypeOf(this)), this, { recorder });
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

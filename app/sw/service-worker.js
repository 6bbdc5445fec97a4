/* The store's service worker. `/sw.js` serves this file after a line defining TEXTS (both languages' words). */
/* global TEXTS */

/**
 * What it keeps, and why:
 * - `shell`: the stylesheets, fonts and icons the pages use (hashed or rarely changing files), so a kept page
 *   looks as it did.
 * - `pages`: the signed-in shopper's own My Orders and each order page they opened, as the server last sent them,
 *   with when. With no network they are shown as kept, without their scripts, under a line saying 'as of' when.
 *   Nothing else is kept: public pages come from the edge cache, and checkout, payment and every form always go
 *   to the server, so no stale price or stock is ever shown as current.
 * The pages are one account's: every answer the store renders says whose it is (`X-Account`, absent when nobody
 * is signed in), and an answer for anyone else (signing out, another account signing in) empties `pages` first.
 */
const SHELL = "shell-v1";
const PAGES = "pages-v1";
const OWNER = "/__owner";

/** My Orders and an order's page, in either language (not its pay, claim or callback pages). */
const KEPT_PAGE = /^\/(?:te\/)?orders(?:\/[A-Za-z0-9-]+)?\/?$/;
const SHELL_FILE = /^\/(?:assets\/.+\.css|fonts\/.+\.woff2|media\/(?:icon-\d+\.png|favicon\.svg|apple-touch-icon\.png))$/;
/** A picture a kept page shows (the logo, a fish's photo): kept with it, shown from the network while there is one. */
const PICTURE = /^\/(?:media|photos)\//;
const MAX_PICTURES = 20;

const langOf = (pathname) => (pathname === "/te" || pathname.startsWith("/te/") ? "te" : "en");
const words = (lang) => TEXTS[lang] ?? TEXTS.en;

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const keep = [SHELL, PAGES];
      for (const name of await caches.keys()) if (!keep.includes(name)) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

/** The page a Remix data request (`/orders/AB12.data`, `/_root.data`) loads the data of. */
function pageOfData(url) {
  if (!url.pathname.endsWith(".data")) return null;
  const path = url.pathname.slice(0, -".data".length);
  return path === "/_root" ? "/" : path;
}

/** Empties `pages` when a page or its data is rendered for someone other than whose pages are kept (not a file or a redirect). */
async function followAccount(response, isData) {
  if (response.type === "opaqueredirect" || response.status === 0) return;
  if (!isData && !(response.headers.get("content-type") ?? "").includes("text/html")) return;
  const account = response.headers.get("x-account") ?? "";
  const pages = await caches.open(PAGES);
  const owner = await pages.match(OWNER);
  const kept = owner ? await owner.text() : "";
  if (kept === account) return;
  await caches.delete(PAGES);
  if (account) await (await caches.open(PAGES)).put(OWNER, new Response(account));
}

/**
 * Keeps a page the server sent this account, with when, and the stylesheets it names. Only while the kept pages
 * are still that account's: an answer that arrives after signing out or another account's page is dropped. (The
 * owner is read from the same cache the page goes into: one emptied meanwhile takes the page with it.)
 */
async function keepPage(path, response) {
  const account = response.headers.get("x-account");
  if (!response.ok || !account) return;
  if (!(response.headers.get("content-type") ?? "").includes("text/html")) return;
  const html = await response.text();
  const headers = new Headers({ "content-type": "text/html; charset=utf-8", "x-account": account });
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? path;
  headers.set("x-title", encodeURIComponent(title));
  const pages = await caches.open(PAGES);
  if ((await (await pages.match(OWNER))?.text()) !== account) return;
  await pages.put(path, new Response(html, { headers }));
  const shell = await caches.open(SHELL);
  const stylesheets = [...html.matchAll(/<link[^>]+href="(\/assets\/[^"]+\.css)"/g)].map((m) => m[1]);
  // Photos, and drawings a page uses from a file (the header's word for Telugu on an English page).
  const pictures = [...html.matchAll(/<(?:img[^>]+src|use[^>]+href)="([^"#]+)/g)].map((m) => m[1]).filter((src) => PICTURE.test(src));
  for (const href of [...stylesheets, ...pictures.slice(0, MAX_PICTURES)]) {
    if (!(await shell.match(href))) await shell.add(href).catch(() => {});
  }
}

const escapeHtml = (text) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A kept page as it was, without its scripts (they would ask the server for what it cannot answer now). */
async function keptPage(path) {
  const kept = await (await caches.open(PAGES)).match(path);
  if (!kept) return null;
  const html = (await kept.text())
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "")
    .replace(/<link[^>]+rel="modulepreload"[^>]*>/g, "")
    // The page's own note, rendered hidden with the time the server wrote it, says it is read offline.
    .replace(/<div hidden="" class="offline-banner"/, '<div class="offline-banner"');
  return new Response(html, { headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } });
}

/** The page shown offline where nothing is kept: says so, and lists what is kept. */
async function offlinePage(path, method) {
  const lang = langOf(path);
  const t = words(lang);
  const pages = await caches.open(PAGES);
  const kept = (await pages.keys()).map((request) => new URL(request.url)).filter((url) => url.pathname !== OWNER);
  const items = [];
  for (const url of kept) {
    const response = await pages.match(url.pathname);
    const title = decodeURIComponent(response?.headers.get("x-title") ?? url.pathname);
    items.push(`<li><a class="underline" href="${escapeHtml(url.pathname)}">${escapeHtml(title.split(" | ")[0])}</a></li>`);
  }
  const css = (await (await caches.open(SHELL)).keys()).map((r) => new URL(r.url).pathname).filter((p) => p.endsWith(".css"));
  const list = items.length ? `<p>${escapeHtml(t.keptPages)}</p><ul class="offline-list">${items.join("")}</ul>` : "";
  // In the theme of the pages kept (the shopper's choice), else the device's.
  const theme = kept.length ? /<html[^>]*\sclass="([^"]*)"/.exec(await (await pages.match(kept[0].pathname)).text())?.[1] : "system";
  const html = `<!DOCTYPE html><html lang="${lang}" class="${escapeHtml(theme ?? "")}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t.offline)}</title>${css.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join("")}</head>
<body class="min-h-screen bg-river-50 text-slate-900 dark:bg-river-950 dark:text-slate-100"><main class="offline-page"><h1>${escapeHtml(t.offline)}</h1><p>${escapeHtml(method === "GET" ? t.pageNeedsConnection : t.formNeedsConnection)}</p>${list}</main></body></html>`;
  return new Response(html, { status: 503, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } });
}

async function fromShell(request) {
  const shell = await caches.open(SHELL);
  const kept = await shell.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await shell.put(request, response.clone());
  return response;
}

/**
 * Signing out (`/logout`, or its data with JavaScript): before the request goes, whatever its answer, what was kept
 * is forgotten and this browser's push is turned off, at the store while the session can still say whose it is,
 * and here: the next person on this phone must not read the account's pages or get its news. (The sign-out button
 * turns push off itself first; a sign-out that is a plain form post, before the page's scripts run, only passes here.)
 */
const SIGN_OUT = /^\/(?:te\/)?logout(?:\.data)?$/;

async function forgetOnSignOut(request, url) {
  if (request.method !== "POST" || !SIGN_OUT.test(url.pathname)) return false;
  await caches.delete(PAGES);
  const subscription = await self.registration.pushManager?.getSubscription().catch(() => null);
  if (subscription) {
    await fetch("/api/push/subscriptions", {
      method: "DELETE",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ endpoint: subscription.endpoint }),
      signal: AbortSignal.timeout(3000),
    }).catch(() => {});
    await subscription.unsubscribe().catch(() => {});
  }
  return true;
}

async function navigate(event, url) {
  const request = event.request;
  await forgetOnSignOut(request, url);
  try {
    const response = await fetch(request);
    await followAccount(response, false);
    if (request.method === "GET" && KEPT_PAGE.test(url.pathname)) event.waitUntil(keepPage(url.pathname, response.clone()));
    return response;
  } catch (error) {
    if (request.method === "GET" && KEPT_PAGE.test(url.pathname)) {
      const kept = await keptPage(url.pathname);
      if (kept) return kept;
    }
    if (request.method === "GET" || request.mode === "navigate") return offlinePage(url.pathname, request.method);
    throw error;
  }
}

/** A page's data asked by the scripts: its answer says whose it is; an order page seen this way is kept as a page too. */
async function pageData(event, url, page) {
  // The answer to signing out is still marked as the account's (the session ended while it was rendered).
  const signingOut = await forgetOnSignOut(event.request, url);
  const response = await fetch(event.request);
  if (!signingOut) await followAccount(response, true);
  if (event.request.method === "GET" && response.ok && KEPT_PAGE.test(page) && response.headers.get("x-account")) {
    event.waitUntil(
      fetch(page, { credentials: "same-origin" }).then(
        (html) => keepPage(page, html),
        () => {},
      ),
    );
  }
  return response;
}

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin) return;
  if (event.request.mode === "navigate") return event.respondWith(navigate(event, url));
  const page = pageOfData(url);
  if (page) return event.respondWith(pageData(event, url, page));
  if (event.request.method !== "GET") return;
  if (SHELL_FILE.test(url.pathname)) return event.respondWith(fromShell(event.request));
  if (PICTURE.test(url.pathname)) {
    return event.respondWith(fetch(event.request).catch(async (error) => (await caches.match(event.request, { cacheName: SHELL })) ?? Promise.reject(error)));
  }
});

/** A push is `{ title, body, url, tag }` (the store's own JSON); it opens `url`, a page of the store, when tapped. */
self.addEventListener("push", (event) => {
  let data = null;
  try {
    data = event.data?.json() ?? null;
  } catch {
    data = null;
  }
  if (!data || typeof data.title !== "string") return;
  // A page of the store only: `/\host` reads as `//host`, another site, so the address is judged as the browser reads it.
  const target = typeof data.url === "string" && data.url.startsWith("/") ? new URL(data.url, self.location.origin) : null;
  const url = target && target.origin === self.location.origin ? target.pathname + target.search + target.hash : "/";
  event.waitUntil(
    self.registration.showNotification(data.title, {
      body: typeof data.body === "string" ? data.body : "",
      tag: typeof data.tag === "string" ? data.tag : undefined,
      icon: "/media/icon-192.png",
      badge: "/media/icon-192.png",
      lang: langOf(url),
      data: { url },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? "/", self.location.origin).href;
  event.waitUntil(
    (async () => {
      const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const same = open.find((client) => client.url === url);
      if (same) return same.focus();
      return self.clients.openWindow(url);
    })(),
  );
});

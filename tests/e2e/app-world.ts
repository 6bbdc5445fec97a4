/** The phone as an app: its service worker and push, as the browser tests drive them. */
import type { BrowserContext, Page } from "playwright-core";
import { baseUrl } from "./browser";

/**
 * The test browser cannot reach a real push service (FCM), so its PushManager is replaced by one that hands out
 * a subscription as a browser does: an https endpoint and a real P-256 key with a 16-byte secret. Everything
 * else (permission, the service worker, the store's API) is the real thing.
 */
export function fakePushService(context: BrowserContext) {
  return context.addInitScript(() => {
    const KEY = "__fakePushSubscription";
    const b64 = (bytes: ArrayBuffer | Uint8Array) =>
      btoa(String.fromCharCode(...new Uint8Array(bytes)))
        .replace(/\+/g, "-")
        .replace(/\//g, "_")
        .replace(/=+$/, "");
    const asSubscription = (json: { endpoint: string; keys: { p256dh: string; auth: string } } | null) =>
      json && {
        endpoint: json.endpoint,
        toJSON: () => ({ endpoint: json.endpoint, expirationTime: null, keys: json.keys }),
        unsubscribe: async () => {
          localStorage.removeItem(KEY);
          return true;
        },
      };
    const stored = () => JSON.parse(localStorage.getItem(KEY) ?? "null");
    PushManager.prototype.getSubscription = async function () {
      return asSubscription(stored()) as unknown as PushSubscription;
    };
    PushManager.prototype.subscribe = async function () {
      const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"]);
      const json = {
        endpoint: `https://push.example.test/send/${crypto.randomUUID()}`,
        keys: { p256dh: b64(await crypto.subtle.exportKey("raw", pair.publicKey)), auth: b64(crypto.getRandomValues(new Uint8Array(16))) },
      };
      localStorage.setItem(KEY, JSON.stringify(json));
      return asSubscription(json) as unknown as PushSubscription;
    };
  });
}

/** Waits until the page is controlled by the store's service worker (it registers once the page has loaded). */
export async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined, null, {
    timeout: 15_000,
  });
}

export const kept = (page: Page) =>
  page.evaluate(async () => (await (await caches.open("pages-v1")).keys()).map((r) => new URL(r.url).pathname).filter((p) => p !== "/__owner"));

/** A push as the push service would deliver it, handed to the service worker through DevTools. */
export async function deliverPush(page: Page, data: unknown) {
  const cdp = await page.context().newCDPSession(page);
  const registrationId = new Promise<string>((resolve) =>
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${baseUrl()}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    }),
  );
  await cdp.send("ServiceWorker.enable");
  await cdp.send("ServiceWorker.deliverPushMessage", { origin: baseUrl(), registrationId: await registrationId, data: JSON.stringify(data) });
}

export const notifications = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: n.data?.url })),
  );

/** Posts a plain form (no fields) to `action` from the page, as a tap on a form's button does without JavaScript. */
export function postPlainForm(page: Page, action?: string) {
  return page.evaluate((to) => {
    const form = document.createElement("form");
    form.method = "post";
    form.action = to ?? location.pathname;
    document.body.appendChild(form);
    form.submit();
  }, action);
}

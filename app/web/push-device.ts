import type { Lang } from "~/i18n/lang";

/**
 * This browser's push subscription, seen from a page: whether it can have one, turning it on (permission, the
 * browser's subscription with the store's public key, then the store's record of it) and off. Only ever run in
 * the browser, after the page has loaded.
 */

export type PushState = "unsupported" | "blocked" | "off" | "on";

export function pushSupported(): boolean {
  return typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

export async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  return (await navigator.serviceWorker.getRegistration("/")) ?? null;
}

/** The store's public key, or null where push is not set up. */
async function publicKey(): Promise<string | null> {
  const res = await fetch("/api/push/key", { headers: { Accept: "application/json" } });
  if (!res.ok) return null;
  const body = (await res.json()) as { publicKey?: string | null };
  return body.publicKey ?? null;
}

/**
 * Whether the store holds `endpoint` as the signed-in account's device; true when it cannot say (this browser's
 * subscription is then left as it is).
 */
async function heldByStore(endpoint: string): Promise<boolean> {
  const res = await fetch("/api/push/subscriptions/check", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ endpoint }),
  }).catch(() => null);
  if (!res?.ok) return true;
  return ((await res.json()) as { mine?: boolean }).mine !== false;
}

/**
 * This browser's push for the signed-in account. A subscription the store does not hold for it (turned off on all
 * devices, or another account's, signed in here before and never signed out) is ended here: that news stops
 * reaching this phone, and the shopper can turn their own on.
 */
export async function pushState(): Promise<PushState> {
  const reg = await registration();
  if (!reg || !(await publicKey())) return "unsupported";
  if (Notification.permission === "denied") return "blocked";
  const subscription = await reg.pushManager.getSubscription();
  if (!subscription) return "off";
  if (await heldByStore(subscription.endpoint)) return "on";
  await subscription.unsubscribe();
  return "off";
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** Asks for permission and subscribes this browser for the signed-in account, in the page's language. */
export async function turnOnPush(lang: Lang): Promise<PushState> {
  const reg = await navigator.serviceWorker.ready;
  const key = await publicKey();
  if (!key) return "unsupported";
  if ((await Notification.requestPermission()) !== "granted") return Notification.permission === "denied" ? "blocked" : "off";
  const subscription = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
  const res = await fetch("/api/push/subscriptions", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ ...subscription.toJSON(), lang }),
  });
  if (!res.ok) {
    await subscription.unsubscribe();
    throw new Error(`The store refused the subscription (${res.status})`);
  }
  return "on";
}

import { z } from "zod";
import { LANGS } from "~/i18n/lang";

/**
 * What a device may store as its push subscription: the browser's `PushSubscription.toJSON()` plus the language
 * of the page it subscribed on. Pure rules, shared by the JSON API and the domain code.
 */

/** Real endpoints are a few hundred characters; a longer one is refused before anything is stored. */
export const MAX_ENDPOINT_LENGTH = 1_000;

/**
 * The push services browsers use: Google's FCM (Chrome, Edge on Android, Samsung, Opera), Mozilla's autopush
 * (Firefox), Apple's (Safari), Windows' WNS (Edge on Windows). In production an endpoint must be one of them or a
 * subdomain, so the store never posts to an address a client chose; elsewhere any https host may stand in.
 */
const PUSH_SERVICE_HOSTS = ["fcm.googleapis.com", "push.services.mozilla.com", "push.apple.com", "notify.windows.com"];

function isPushServiceHost(host: string): boolean {
  return PUSH_SERVICE_HOSTS.some((known) => host === known || host.endsWith(`.${known}`));
}

/** Why `endpoint` cannot be stored, or null when it can. */
export function endpointProblem(endpoint: string, production: boolean): string | null {
  if (endpoint.length > MAX_ENDPOINT_LENGTH) return "The push endpoint is too long";
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "The push endpoint is not a web address";
  }
  if (url.protocol !== "https:") return "The push endpoint must be https";
  // Browsers hand over endpoints already in the URL's own spelling; any other spelling (`https:///x` is read as
  // `https://x/`) would be stored as one address and posted to as another, or let one device be stored twice.
  if (url.href !== endpoint) return "The push endpoint must be written in full, as the browser gave it";
  // A push service never needs a password or a port of its own in its address.
  if (url.username || url.password || url.port) return "The push endpoint is not a push service";
  if (production && !isPushServiceHost(url.hostname)) return "The push endpoint is not a known push service";
  return null;
}

// base64url without padding, as browsers write the keys: 65 bytes (an uncompressed P-256 point, first byte 0x04,
// hence "B") and the 16-byte auth secret of RFC 8291.
const P256DH = /^B[A-Za-z0-9_-]{86}$/;
const AUTH = /^[A-Za-z0-9_-]{21}[AQgw]$/;

// A subscription is always the signed-in caller's: a body that names an account is refused, not obeyed.
const noAccount = z.undefined({ invalid_type_error: "A subscription is always for the signed-in account" });

/** The body of a subscription's POST. */
export const subscribeSchema = z.object({
  userId: noAccount,
  user_id: noAccount,
  user: noAccount,
  email: noAccount,
  endpoint: z.string({ required_error: "The push endpoint is missing" }).max(MAX_ENDPOINT_LENGTH, "The push endpoint is too long"),
  keys: z.object(
    {
      p256dh: z.string().regex(P256DH, "The subscription's p256dh key is not a P-256 public key (65 bytes, base64url)"),
      auth: z.string().regex(AUTH, "The subscription's auth secret is not 16 bytes (base64url)"),
    },
    { required_error: "The subscription's keys are missing" },
  ),
  // Browsers send it; the store keeps none (a push service answers 404 or 410 once it has expired).
  expirationTime: z.number().nullable().optional(),
  lang: z.enum(LANGS, { message: "The language must be en or te" }).optional(),
});

export type SubscribeInput = z.infer<typeof subscribeSchema>;

export const unsubscribeSchema = z.object({
  endpoint: z.string({ required_error: "The push endpoint is missing" }).max(MAX_ENDPOINT_LENGTH, "The push endpoint is too long"),
});

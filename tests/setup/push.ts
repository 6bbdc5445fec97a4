import { env } from "cloudflare:workers";
import { getDb } from "~/db/client.server";
import type { User } from "~/db/schema";
import { makeVapidKeys } from "../../scripts/lib/vapid-keys.mjs";
import { one } from "./sql";

/**
 * A browser's side of Web Push, written from the RFCs with Web Crypto alone (nothing shared with the library
 * that sends): a device's subscription keys, the decryption of what a push service receives (RFC 8291 / 8188,
 * aes128gcm), and the check of its VAPID signature (RFC 8292).
 */

const b64u = (bytes: ArrayBuffer | Uint8Array) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
const fromB64u = (text: string) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
const utf8 = (text: string) => new TextEncoder().encode(text);

/** The store's VAPID secrets as `npm run vapid-keys` makes them. */
export async function vapidEnv() {
  const { publicKey, privateKey } = await makeVapidKeys();
  return { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey!, VAPID_SUBJECT: "mailto:support@example.in" };
}

export type Device = Awaited<ReturnType<typeof makeDevice>>;

/** A browser's subscription: a P-256 ECDH key pair and a 16-byte auth secret, and the JSON it posts. */
export async function makeDevice(endpoint = `https://push.test/send/${crypto.randomUUID()}`) {
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as CryptoKeyPair;
  const publicBytes = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
  const auth = crypto.getRandomValues(new Uint8Array(16));
  return {
    privateKey: pair.privateKey,
    publicBytes,
    auth,
    json: { endpoint, expirationTime: null, keys: { p256dh: b64u(publicBytes), auth: b64u(auth) } },
  };
}

async function hkdf(salt: Uint8Array<ArrayBuffer>, ikm: Uint8Array<ArrayBuffer>, info: Uint8Array<ArrayBuffer>, bytes: number) {
  const key = await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt, info }, key, bytes * 8));
}

/** What the device reads from a push's body: RFC 8188's header, then RFC 8291's keys, then the one record. */
export async function decryptPush(device: Device, body: Uint8Array<ArrayBuffer>): Promise<string> {
  const salt = body.slice(0, 16);
  const recordSize = new DataView(body.buffer, body.byteOffset + 16, 4).getUint32(0);
  const idLength = body[20];
  const serverPublic = body.slice(21, 21 + idLength);
  const record = body.slice(21 + idLength);
  if (record.length > recordSize) throw new Error("More than one record");
  const serverKey = await crypto.subtle.importKey("raw", serverPublic, { name: "ECDH", namedCurve: "P-256" }, false, []);
  const ecdh = new Uint8Array(await crypto.subtle.deriveBits({ name: "ECDH", public: serverKey }, device.privateKey, 256));
  const keyInfo = new Uint8Array([...utf8("WebPush: info\0"), ...device.publicBytes, ...serverPublic]);
  const ikm = await hkdf(device.auth, ecdh, keyInfo, 32);
  const cek = await hkdf(salt, ikm, utf8("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, utf8("Content-Encoding: nonce\0"), 12);
  const aes = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]);
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, aes, record));
  // The last record ends with 0x02 and then only zeroes.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("No last-record delimiter");
  return new TextDecoder().decode(padded.slice(0, end));
}

/** The VAPID JWT of a push's Authorization header (`vapid t=…, k=…`), its signature checked with `publicKey`. */
export async function verifiedVapidClaims(authorization: string, publicKey: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization);
  if (!match) throw new Error(`Not a VAPID header: ${authorization}`);
  const [, jwt, k] = match;
  if (k !== publicKey) throw new Error("The header names another public key");
  const [header, claims, signature] = jwt.split(".");
  const key = await crypto.subtle.importKey("raw", fromB64u(publicKey), { name: "ECDSA", namedCurve: "P-256" }, false, ["verify"]);
  const valid = await crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, key, fromB64u(signature), utf8(`${header}.${claims}`));
  if (!valid) throw new Error("The VAPID signature does not verify");
  return {
    header: JSON.parse(new TextDecoder().decode(fromB64u(header))) as Record<string, unknown>,
    claims: JSON.parse(new TextDecoder().decode(fromB64u(claims))) as { aud: string; exp: number; sub: string },
  };
}

type Answer = number | "unreachable";

/** A push service: answers each endpoint with `answer` (or what it says for that endpoint), keeping what it received. */
export function fakePushService(answer: Answer | ((url: string) => Answer)) {
  const calls: { url: string; headers: Headers; body: Uint8Array<ArrayBuffer> }[] = [];
  const fetch: typeof globalThis.fetch = async (input, init = {}) => {
    const request = new Request(input, init);
    calls.push({ url: request.url, headers: request.headers, body: new Uint8Array(await request.arrayBuffer()) });
    const status = typeof answer === "function" ? answer(request.url) : answer;
    if (status === "unreachable") throw new TypeError("Network connection lost.");
    return new Response(null, { status });
  };
  return { calls, fetch };
}

/** A new shopper's verified account (a session of it signs in), as the domain code takes it. */
export async function newShopper(lang: "en" | "te" = "en"): Promise<User> {
  const { id } = await one<{ id: number }>(
    "INSERT INTO users (name, email, email_verified_at, lang) VALUES ('Ravi Kumar', ?, ?, ?) RETURNING id",
    `ravi.${crypto.randomUUID()}@example.in`,
    Date.now(),
    lang,
  );
  return (await getDb(env).query.users.findFirst({ where: (u, { eq }) => eq(u.id, id) }))!;
}

/** What `device` read from each push the service received for it, oldest first. */
export async function pushesTo(
  service: ReturnType<typeof fakePushService>,
  device: Device,
): Promise<{ title: string; body: string; url: string; tag: string }[]> {
  const mine = service.calls.filter((call) => call.url === device.json.endpoint);
  return Promise.all(mine.map(async (call) => JSON.parse(await decryptPush(device, call.body))));
}

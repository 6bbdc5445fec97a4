import { webcrypto } from "node:crypto";
import { describe, expect, it } from "vitest";
import { toBase64Url } from "./crypto.server";
import { verifyGoogleIdToken, type Jwk } from "./google-id-token.server";

const subtle = webcrypto.subtle as unknown as SubtleCrypto;
const CLIENT_ID = "store-client.apps.googleusercontent.com";

async function keyPair(kid: string) {
  const pair = (await subtle.generateKey(
    { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
    true,
    ["sign", "verify"],
  )) as CryptoKeyPair;
  const jwk = { ...(await subtle.exportKey("jwk", pair.publicKey)), kid } as Jwk;
  return { privateKey: pair.privateKey, jwk };
}

const enc = (v: unknown) => toBase64Url(new TextEncoder().encode(JSON.stringify(v)));

async function sign(privateKey: CryptoKey, claims: Record<string, unknown>, header: Record<string, unknown> = { alg: "RS256", kid: "k1" }) {
  const unsigned = `${enc(header)}.${enc(claims)}`;
  const signature = await subtle.sign("RSASSA-PKCS1-v1_5", privateKey, new TextEncoder().encode(unsigned));
  return `${unsigned}.${toBase64Url(signature)}`;
}

const now = Date.now();
const good = { iss: "https://accounts.google.com", aud: CLIENT_ID, sub: "1234", email: "asha@example.in", email_verified: true, name: "Asha", exp: Math.floor(now / 1000) + 600 };

describe("verifyGoogleIdToken", async () => {
  const { privateKey, jwk } = await keyPair("k1");
  const other = await keyPair("k1");

  it("accepts a token signed by Google's key for our client", async () => {
    expect(await verifyGoogleIdToken(await sign(privateKey, good), CLIENT_ID, [jwk], now)).toEqual({ sub: "1234", email: "asha@example.in", name: "Asha" });
  });

  it.each([
    ["another audience", { ...good, aud: "someone-else" }],
    ["another issuer", { ...good, iss: "https://evil.example" }],
    ["an expired token", { ...good, exp: Math.floor(now / 1000) - 1 }],
    ["an unverified e-mail", { ...good, email_verified: false }],
  ])("refuses %s", async (_label, claims) => {
    expect(await verifyGoogleIdToken(await sign(privateKey, claims), CLIENT_ID, [jwk], now)).toBeNull();
  });

  it("refuses a token signed by another key, an unknown key id, alg none and garbage", async () => {
    expect(await verifyGoogleIdToken(await sign(other.privateKey, good), CLIENT_ID, [jwk], now)).toBeNull();
    expect(await verifyGoogleIdToken(await sign(privateKey, good, { alg: "RS256", kid: "nope" }), CLIENT_ID, [jwk], now)).toBeNull();
    expect(await verifyGoogleIdToken(`${enc({ alg: "none", kid: "k1" })}.${enc(good)}.`, CLIENT_ID, [jwk], now)).toBeNull();
    expect(await verifyGoogleIdToken("not-a-token", CLIENT_ID, [jwk], now)).toBeNull();
  });
});

import { describe, expect, it, vi } from "vitest";
import { encodePart as enc, signIdToken, testKeyPair as keyPair } from "./google-id-token.fixtures";
import { googleKeys, verifyGoogleIdToken } from "./google-id-token.server";

const CLIENT_ID = "store-client.apps.googleusercontent.com";

const sign = (privateKey: CryptoKey, claims: Record<string, unknown>, header: Record<string, unknown> = { alg: "RS256", kid: "k1" }) =>
  signIdToken(privateKey, claims, header);

const now = Date.now();
const good = {
  iss: "https://accounts.google.com",
  aud: CLIENT_ID,
  sub: "1234",
  email: "asha@example.in",
  email_verified: true,
  name: "Asha",
  exp: Math.floor(now / 1000) + 600,
};

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
    ["a token without an expiry", { ...good, exp: undefined }],
  ])("refuses %s", async (_label, claims) => {
    expect(await verifyGoogleIdToken(await sign(privateKey, claims), CLIENT_ID, [jwk], now)).toBeNull();
  });

  it("refuses a token signed by another key, an unknown key id, alg none and garbage", async () => {
    expect(await verifyGoogleIdToken(await sign(other.privateKey, good), CLIENT_ID, [jwk], now)).toBeNull();
    expect(await verifyGoogleIdToken(await sign(privateKey, good, { alg: "RS256", kid: "nope" }), CLIENT_ID, [jwk], now)).toBeNull();
    expect(await verifyGoogleIdToken(`${enc({ alg: "none", kid: "k1" })}.${enc(good)}.`, CLIENT_ID, [jwk], now)).toBeNull();
    expect(await verifyGoogleIdToken("not-a-token", CLIENT_ID, [jwk], now)).toBeNull();
  });

  it("fetches Google's keys once per Cache-Control max-age", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now });
    const fetcher = vi.fn(async () => Response.json({ keys: [jwk] }, { headers: { "Cache-Control": "public, max-age=600" } }));
    const keys = await googleKeys(fetcher as typeof fetch);
    expect(await verifyGoogleIdToken(await sign(privateKey, good), CLIENT_ID, keys, now)).toMatchObject({ sub: "1234" });
    vi.setSystemTime(now + 599_000);
    expect(await googleKeys(fetcher as typeof fetch)).toBe(keys);
    expect(fetcher).toHaveBeenCalledTimes(1);
    vi.setSystemTime(now + 601_000);
    await googleKeys(fetcher as typeof fetch);
    expect(fetcher).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });
});

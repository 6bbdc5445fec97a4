import { describe, expect, it } from "vitest";
import { encodePart as enc, signIdToken, testKeyPair as keyPair } from "./google-id-token.fixtures";
import { verifyGoogleIdToken } from "./google-id-token.server";

const CLIENT_ID = "store-client.apps.googleusercontent.com";

const sign = (privateKey: CryptoKey, claims: Record<string, unknown>, header: Record<string, unknown> = { alg: "RS256", kid: "k1" }) =>
  signIdToken(privateKey, claims, header);

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

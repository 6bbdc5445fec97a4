// Test fixtures (Node and workerd): an RSA key pair standing in for Google's, and ID tokens signed with it.
import { toBase64Url } from "./crypto.server";
import type { Jwk } from "./google-id-token.server";

export async function testKeyPair(kid: string) {
  const pair = (await crypto.subtle.generateKey(
    { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
    true,
    ["sign", "verify"],
  )) as CryptoKeyPair;
  const jwk = { ...((await crypto.subtle.exportKey("jwk", pair.publicKey)) as JsonWebKey), kid } as Jwk;
  return { privateKey: pair.privateKey, jwk };
}

export const encodePart = (v: unknown) => toBase64Url(new TextEncoder().encode(JSON.stringify(v)));

/** An RS256 JWT of `claims` signed with `privateKey` (the header is given as is, so tests can forge it). */
export async function signIdToken(privateKey: CryptoKey, claims: Record<string, unknown>, header: Record<string, unknown>) {
  const unsigned = `${encodePart(header)}.${encodePart(claims)}`;
  const signature = await crypto.subtle.sign("RSASSA-PKCS1-v1_5", privateKey, new TextEncoder().encode(unsigned));
  return `${unsigned}.${toBase64Url(signature)}`;
}

// Test fixtures (Node and workerd): an RSA key pair standing in for Google's, and ID tokens signed with it.
import { base64url, exportJWK, generateKeyPair, SignJWT, type JWK, type JWTHeaderParameters } from "jose";

export async function testKeyPair(kid: string) {
  const pair = await generateKeyPair("RS256", { extractable: true });
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid, alg: "RS256", use: "sig" };
  return { privateKey: pair.privateKey, jwk };
}

export const encodePart = (v: unknown) => base64url.encode(JSON.stringify(v));

/** An RS256 JWT of `claims` signed with `privateKey` (the header is given as is, so tests can forge it). */
export function signIdToken(privateKey: CryptoKey, claims: Record<string, unknown>, header: Record<string, unknown>) {
  return new SignJWT(claims).setProtectedHeader(header as JWTHeaderParameters).sign(privateKey);
}

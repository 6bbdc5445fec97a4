import { base64url } from "jose";
import { describe, expect, it } from "vitest";
import type { AppConfig } from "../config.server";
import { issueApiToken, issueCodeToken, readApiToken, readCodeToken } from "./session.server";

const config = { sessionSecret: "a-session-secret-of-at-least-32-characters" } as AppConfig;
const part = (v: unknown) => base64url.encode(JSON.stringify(v));
const decode = (p: string) => JSON.parse(new TextDecoder().decode(base64url.decode(p)));

// Tokens issued before the switch to jose (HS256 signed with the secret above, expiring in 2100 or in 2023):
// clients holding one must keep working.
const EARLIER_API =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI0MiIsInNpZCI6InNlc3Npb24tdG9rZW4tYWJjIiwiZXhwIjo0MTAyNDQ0ODAwfQ.weTiKYhrX19V2n5qf07lXy5tY7mXQKpXBuIbImBILYA";
const EARLIER_SIGNUP =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ0eXAiOiJzaWdudXAiLCJzdXAiOiJzaWdudXAtdG9rZW4teHl6IiwiZXhwIjo0MTAyNDQ0ODAwfQ.L1LWAY5gaIlMoqOrkRWOBJzyToKndnjkVr8lC0HIvC0";
const EARLIER_EXPIRED =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI0MiIsInNpZCI6InNlc3Npb24tdG9rZW4tYWJjIiwiZXhwIjoxNzAwMDAwMDAwfQ.-f8N662kDsaMXClmvDwdtNefYTp7j6br2tp5SUjq2Og";

describe("API and sign-up tokens", () => {
  it("reads tokens issued earlier, and refuses an expired one", async () => {
    expect(await readApiToken(config, EARLIER_API)).toEqual({ sessionToken: "session-token-abc" });
    expect(await readCodeToken(config, "signup", EARLIER_SIGNUP)).toBe("signup-token-xyz");
    expect(await readApiToken(config, EARLIER_EXPIRED)).toBeNull();
  });

  it("issues the same format: an HS256 header, then sub, sid and exp", async () => {
    const token = await issueApiToken(config, 42, "session-token-abc");
    const [head, body] = token.split(".");
    expect(head).toBe(EARLIER_API.split(".")[0]);
    expect(Object.keys(decode(body))).toEqual(["sub", "sid", "exp"]);
    expect(await readApiToken(config, token)).toEqual({ sessionToken: "session-token-abc" });
    expect(await readApiToken(config, await issueApiToken(config, 42, "s", -1_000))).toBeNull();
  });

  it("never lets a sign-up token pass for a session, or a session token for a sign-up", async () => {
    expect(await readApiToken(config, await issueCodeToken(config, "signup", "signup-token-xyz"))).toBeNull();
    expect(await readCodeToken(config, "signup", await issueApiToken(config, 42, "session-token-abc"))).toBeNull();
  });

  it("never lets a sign-up token pass for a password reset's, or the other way round", async () => {
    expect(await readCodeToken(config, "reset", await issueCodeToken(config, "signup", "token-xyz"))).toBeNull();
    expect(await readCodeToken(config, "signup", await issueCodeToken(config, "reset", "token-xyz"))).toBeNull();
    expect(await readCodeToken(config, "reset", await issueCodeToken(config, "reset", "token-xyz"))).toBe("token-xyz");
  });

  it("refuses another secret, a changed claim, alg none, a token without exp and garbage", async () => {
    expect(await readApiToken({ sessionSecret: "another-secret-of-at-least-32-characters" } as AppConfig, EARLIER_API)).toBeNull();
    const [head, body, signature] = EARLIER_API.split(".");
    expect(await readApiToken(config, `${head}.${part({ ...decode(body), sid: "someone-else" })}.${signature}`)).toBeNull();
    expect(await readApiToken(config, `${part({ alg: "none", typ: "JWT" })}.${body}.`)).toBeNull();
    const noExp = `${head}.${part({ sub: "42", sid: "session-token-abc" })}`;
    expect(await readApiToken(config, `${noExp}.${signature}`)).toBeNull();
    for (const garbage of ["", "a.b.c", "a.b", "...", `${head}.${body}`, `${head}.!!.${signature}`, `${part("x")}.${body}.${signature}`]) {
      expect(await readApiToken(config, garbage)).toBeNull();
    }
    expect(await readCodeToken(config, "signup", null)).toBeNull();
  });
});

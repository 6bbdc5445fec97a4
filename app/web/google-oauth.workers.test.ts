import { describe, expect, it } from "vitest";
import { loadContext } from "../../tests/setup/load-context";
import { googleAuthenticator, readReturnPath, rememberReturnPath } from "./google-oauth.server";

const GOOGLE = {
  GOOGLE_CLIENT_ID: "store.apps.googleusercontent.com",
  GOOGLE_CLIENT_SECRET: "secret",
  GOOGLE_CALLBACK_URL: "https://store.example.in/auth/google/callback",
};
const context = async (extra: Record<string, string> = {}) => (await loadContext(post(), extra)).deps;
const post = () => new Request("https://store.example.in/auth/google", { method: "POST" });

/** The redirect response the flow throws (remix-auth signals redirects by throwing them). */
async function thrown(run: () => Promise<unknown>): Promise<Response> {
  try {
    await run();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a redirect");
}

describe("Google redirect flow", () => {
  it("is not offered without a client id, secret and callback URL", async () => {
    expect(googleAuthenticator(await context())).toBeNull();
  });

  it("sends the browser to Google with our client id, the absolute callback URL and a state kept in a cookie", async () => {
    const authenticator = googleAuthenticator(await context(GOOGLE));
    expect(authenticator).not.toBeNull();
    const res = await thrown(() => authenticator!.authenticate("google", post()));
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("Location") ?? "");
    expect(location.origin).toBe("https://accounts.google.com");
    expect(location.searchParams.get("client_id")).toBe(GOOGLE.GOOGLE_CLIENT_ID);
    expect(location.searchParams.get("redirect_uri")).toBe(GOOGLE.GOOGLE_CALLBACK_URL);
    expect(location.searchParams.get("state")).toBeTruthy();
    expect(location.searchParams.get("scope")).toContain("email");
    const cookie = res.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(/^__oauth=/);
    expect(cookie).toContain("HttpOnly");
  });

  it("refuses a callback whose state does not match the browser's", async () => {
    const callback = new Request(`${GOOGLE.GOOGLE_CALLBACK_URL}?code=abc&state=forged`);
    const authenticator = googleAuthenticator(await context(GOOGLE));
    await expect(authenticator!.authenticate("google", callback, { throwOnError: true })).rejects.toBeTruthy();
  });
});

describe("coming back from Google", () => {
  const toGoogle = () =>
    new Response(null, { status: 302, headers: { Location: "https://accounts.google.com/o/oauth2/v2/auth", "Set-Cookie": "__oauth=state" } });
  const back = (cookie: string) => new Request(`${GOOGLE.GOOGLE_CALLBACK_URL}?code=x&state=y`, { headers: { Cookie: cookie } });
  const cookieOf = (res: Response) =>
    res.headers
      .getSetCookie()
      .find((c) => c.startsWith("__oauth_return="))!
      .split(";")[0];

  it("returns to the page Google sign-in started from, in its language, keeping the flow's own cookie", async () => {
    const ctx = await context(GOOGLE);
    const res = await rememberReturnPath(ctx, toGoogle(), "/te/auctions/2?tab=bids", "te");
    expect(res.status).toBe(302);
    expect(res.headers.getSetCookie()).toHaveLength(2);
    expect(await readReturnPath(back(cookieOf(res)), ctx)).toEqual({ path: "/te/auctions/2?tab=bids", lang: "te" });
    const home = await rememberReturnPath(ctx, toGoogle(), undefined, "te");
    expect(await readReturnPath(back(cookieOf(home)), ctx)).toEqual({ path: null, lang: "te" });
  });

  it("never returns to another site: without a page of its own, it lands on the account's home page", async () => {
    const ctx = await context(GOOGLE);
    for (const evil of ["https://evil.example/", "//evil.example", "/\\evil.example", "/\t/evil.example/phish", null]) {
      expect(await readReturnPath(back(cookieOf(await rememberReturnPath(ctx, toGoogle(), evil, "en"))), ctx)).toEqual({ path: null, lang: "en" });
    }
    expect(await readReturnPath(back("__oauth_return=%E0%A4%A"), ctx)).toEqual({ path: null, lang: "en" });
    expect(await readReturnPath(back(""), ctx)).toEqual({ path: null, lang: "en" });
  });
});

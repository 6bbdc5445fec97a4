import { describe, expect, it } from "vitest";
import { freshIp, verifiedUser } from "../../tests/setup/auth-api";
import { loadContext } from "../../tests/setup/load-context";
import { callRoute, flashOf } from "../../tests/setup/routes";
import { one } from "../../tests/setup/sql";
import { en } from "~/i18n/messages";
import { action as loginAction } from "~/routes/login";
import { signedInRedirect, signInLanding } from "~/web/auth-pages.server";
import { createSession } from "./session.server";

/** A verified account (password "godavari-2026") made an admin, whose account is in `lang`. */
async function admin(lang: "en" | "te" = "en") {
  const email = `admin.${crypto.randomUUID()}@example.in`;
  await verifiedUser(email);
  return one<{ id: number; email: string }>("UPDATE users SET is_admin = 1, lang = ? WHERE email = ? RETURNING id, email", lang, email);
}

const login = (path: string, email: string, redirectTo?: string) =>
  callRoute(loginAction, path, {
    form: { email, password: "godavari-2026", ...(redirectTo === undefined ? {} : { redirectTo }) },
    headers: { "CF-Connecting-IP": freshIp() },
  });

describe("an admin signing in lands on their work", () => {
  it("with the password, on the admin dashboard's orders, in English, whatever the page or account language", async () => {
    const english = await admin("en");
    const signedIn = await login("/login", english.email);
    expect(signedIn.location).toBe("/admin-dashboard");
    expect((await flashOf(signedIn))?.text).toBe(en.auth.loginSuccess);
    const telugu = await admin("te");
    const fromTelugu = await login("/te/login", telugu.email);
    expect(fromTelugu.location).toBe("/admin-dashboard");
    expect((await flashOf(fromTelugu))?.text).toBe(en.auth.loginSuccess);
  });

  it("goes back to the page asked for when there is one", async () => {
    const { email } = await admin();
    expect((await login("/login", email, "/admin-dashboard/catch")).location).toBe("/admin-dashboard/catch");
    expect((await login("/login", email, "/auctions/3")).location).toBe("/auctions/3");
    // Another site is never a page to go back to: the admin's own home instead.
    expect((await login("/login", email, "//evil.example")).location).toBe("/admin-dashboard");
  });

  it("through Google (which comes back with no page asked for, or the one it was started from), the same way", async () => {
    const { id } = await admin("te");
    const request = new Request("https://store.test/auth/google/callback?code=x&state=y");
    const { deps } = await loadContext(request);
    const session = async () => ({ token: await createSession(deps, id), user: { id, isAdmin: true, lang: "te" as const } });
    const home = await signedInRedirect(request, deps, await session(), { redirectTo: null }, (t) => t.loginSuccess);
    expect(home.headers.get("Location")).toBe("/admin-dashboard");
    const asked = await signedInRedirect(request, deps, await session(), { redirectTo: "/admin-dashboard/claims" }, (t) => t.loginSuccess);
    expect(asked.headers.get("Location")).toBe("/admin-dashboard/claims");
  });

  it("a shopper still lands on the shop's home page in the account's language", () => {
    expect(signInLanding({ lang: "en" }, { lang: "te", isAdmin: false }, null)).toEqual({ path: "/te", lang: "te" });
    expect(signInLanding({ lang: "te" }, { lang: "te", isAdmin: true }, null)).toEqual({ path: "/admin-dashboard", lang: "en" });
    // A page named for the landing (a new password lands on the profile) is the admin's too.
    expect(signInLanding({ lang: "en" }, { lang: "en", isAdmin: true }, null, "/profile")).toEqual({ path: "/profile", lang: "en" });
  });
});

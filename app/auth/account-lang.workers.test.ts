import { describe, expect, it } from "vitest";
import { freshIp, verifiedUser } from "../../tests/setup/auth-api";
import { loadContext } from "../../tests/setup/load-context";
import { callRoute, flashOf, sessionCookie } from "../../tests/setup/routes";
import { one } from "../../tests/setup/sql";
import { en } from "~/i18n/messages";
import { te } from "~/i18n/te/messages";
import { loader as rootLoader } from "~/root";
import { action as loginAction } from "~/routes/login";
import { action as signupAction } from "~/routes/signup";
import { action as verifyAction } from "~/routes/verify-otp";
import { signInLanding } from "~/web/auth-pages.server";
import { loginWithGoogle } from "./accounts.server";

const langOf = async (userId: number) => (await one<{ lang: string }>("SELECT lang FROM users WHERE id = ?", userId)).lang;

/**
 * `userId` opens `path` (signed in, or signed out with null) as the Worker serves it: the root loader runs with
 * the request's context. Answers how many UPDATEs it asked the database for.
 */
async function open(userId: number | null, path: string): Promise<number> {
  const request = new Request(`https://store.test${path}`, { headers: userId === null ? {} : { Cookie: await sessionCookie(userId) } });
  const context = await loadContext(request);
  let updates = 0;
  const db = new Proxy(context.deps.db, {
    get(target, prop, receiver) {
      if (prop === "update") updates++;
      return Reflect.get(target, prop, receiver);
    },
  });
  await rootLoader({ request, context: { ...context, deps: { ...context.deps, db } }, params: {} });
  return updates;
}

const shopper = async (lang: "en" | "te" = "en") => {
  const email = `lang.${crypto.randomUUID()}@example.in`;
  await verifiedUser(email);
  const { id } = await one<{ id: number }>("UPDATE users SET lang = ? WHERE email = ? RETURNING id", lang, email);
  return { id, email };
};

describe("the account's language", () => {
  it("follows the shopper pages its owner opens, so the header's language link switches it, and stays put on English-only pages", async () => {
    const { id } = await shopper();
    expect(await langOf(id)).toBe("en");
    await open(id, "/te/products");
    expect(await langOf(id)).toBe("te");
    for (const path of ["/admin-dashboard", "/dev/mail", "/sandbox/checkout/order_x", "/orders/PUL-2611-7F3K/callback"]) await open(id, path);
    expect(await langOf(id)).toBe("te");
    await open(id, "/products?from=switch");
    expect(await langOf(id)).toBe("en");
  });

  it("is written only when it changes, never on every page", async () => {
    const { id } = await shopper();
    expect(await open(id, "/products")).toBe(0);
    expect(await open(id, "/te/products")).toBe(1);
    expect(await open(id, "/te/orders")).toBe(0);
    expect(await open(id, "/te")).toBe(0);
    expect(await open(id, "/")).toBe(1);
    expect(await open(null, "/te/products")).toBe(0);
  });

  it("is the language of the page signed up on: its code mail, the account, and the page the account lands on", async () => {
    const email = `signup.${crypto.randomUUID()}@example.in`;
    const headers = { "CF-Connecting-IP": freshIp() };
    const signedUp = await callRoute(signupAction, "/te/signup", { form: { name: "Lakshmi Devi", email, password: "godavari-2026" }, headers });
    expect(signedUp.location).toBe(`/te/verify-otp?email=${encodeURIComponent(email)}`);
    const mail = await one<{ subject: string; body: string }>('SELECT subject, body FROM mail_outbox WHERE "to" = ? ORDER BY id DESC LIMIT 1', email);
    const code = /(\d{6})$/.exec(mail.subject)![1];
    expect(mail.subject).toBe(`మీ గోదావరి పులస వెరిఫికేషన్ కోడ్: ${code}`);
    expect(mail.body.split("\n")).toEqual([
      "నమస్కారం,",
      "",
      `మీ గోదావరి పులస వెరిఫికేషన్ కోడ్ ${code}.`,
      "ఇది 10 నిమిషాలు పనిచేస్తుంది, ఒక్కసారి మాత్రమే వాడగలరు.",
      "",
      "మీరు గోదావరి పులసలో సైన్ అప్ చేయకపోతే ఈ ఈమెయిల్‌ను పట్టించుకోవద్దు: కోడ్ లేకుండా ఏ ఖాతా మొదలవదు.",
      "",
      "– గోదావరి పులస బృందం",
    ]);
    const cookie = signedUp.cookies.map((c) => c.split(";")[0]).join("; ");
    const verified = await callRoute(verifyAction, `/te/verify-otp?email=${encodeURIComponent(email)}`, { cookie, form: { email, otp: code }, headers });
    expect(verified.location).toBe("/te");
    expect((await flashOf(verified))?.text).toBe(te.auth.verified);
    expect((await one<{ lang: string }>("SELECT lang FROM users WHERE email = ?", email)).lang).toBe("te");
  });

  it("an account Google creates gets the language of the page signed up on; signing in again never changes it", async () => {
    const deps = (await loadContext(new Request("https://store.test/auth/google/callback"))).deps;
    const identity = { sub: `g-${crypto.randomUUID()}`, email: `google.${crypto.randomUUID()}@example.in`, name: "Ravi Kumar" };
    expect((await loginWithGoogle(deps, identity, "te")).user.lang).toBe("te");
    expect((await loginWithGoogle(deps, identity, "en")).user.lang).toBe("te");
  });
});

describe("signing in", () => {
  const login = async (path: string, email: string, redirectTo?: string) =>
    callRoute(loginAction, path, {
      form: { email, password: "godavari-2026", ...(redirectTo === undefined ? {} : { redirectTo }) },
      headers: { "CF-Connecting-IP": freshIp() },
    });

  it("without a page to return to lands on the account's home page, in the account's language, with the toast in it", async () => {
    const telugu = await shopper("te");
    const fromEnglish = await login("/login", telugu.email);
    expect(fromEnglish.location).toBe("/te");
    expect((await flashOf(fromEnglish))?.text).toBe(te.auth.loginSuccess);
    const english = await shopper("en");
    const fromTelugu = await login("/te/login", english.email);
    expect(fromTelugu.location).toBe("/");
    expect((await flashOf(fromTelugu))?.text).toBe(en.auth.loginSuccess);
  });

  it("with a page to return to goes back to it, in the language it was asked in", async () => {
    const telugu = await shopper("te");
    expect((await login("/login", telugu.email, "/orders")).location).toBe("/orders");
    const english = await shopper("en");
    expect((await login("/te/login", english.email, "/te/orders")).location).toBe("/te/orders");
    expect((await login("/te/login", english.email, "/orders")).location).toBe("/te/orders");
  });

  it("lands where the sign-in says: a named page as asked, else the account's home (or the page given) in its language", () => {
    expect(signInLanding({ lang: "en" }, { lang: "te" }, null)).toEqual({ path: "/te", lang: "te" });
    expect(signInLanding({ lang: "en" }, { lang: "te" }, undefined, "/profile")).toEqual({ path: "/te/profile", lang: "te" });
    expect(signInLanding({ lang: "te" }, { lang: "en" }, "//evil.example")).toEqual({ path: "/", lang: "en" });
    expect(signInLanding({ lang: "en" }, { lang: "te" }, "/te/auctions/2")).toEqual({ path: "/te/auctions/2", lang: "te" });
    expect(signInLanding({ lang: "en" }, { lang: "te" }, "/admin-dashboard")).toEqual({ path: "/admin-dashboard", lang: "en" });
  });
});

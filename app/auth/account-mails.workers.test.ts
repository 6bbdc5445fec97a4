import { describe, expect, it } from "vitest";
import { call, freshIp, verifiedUser } from "../../tests/setup/auth-api";
import { testDeps } from "../../tests/setup/deps";
import { callRoute } from "../../tests/setup/routes";
import { all, one } from "../../tests/setup/sql";
import type { User } from "~/db/schema";
import type { Lang } from "~/i18n/lang";
import { action as forgotAction } from "~/routes/forgot-password";
import { action as resetAction } from "~/routes/reset-password";
import { register, resendCode } from "./accounts.server";
import { resendResetCode, startPasswordReset } from "./password-reset.server";
import { changePassword } from "./profile.server";
import { createSession } from "./session.server";

const mails = (email: string) => all<{ subject: string; body: string }>('SELECT subject, body FROM mail_outbox WHERE "to" = ? ORDER BY id', email);
/** Deps of a page in `lang`, `later` ms from now (past the 300 s a resend waits). */
const page = (lang: Lang, later = 0) => ({ ...testDeps({}, { lang, client: freshIp() }), now: () => Date.now() + later });
const RESEND = 301_000;

async function account(lang: Lang) {
  const email = `mail.${crypto.randomUUID()}@example.in`;
  await verifiedUser(email);
  return one<User>("UPDATE users SET lang = ? WHERE email = ? RETURNING id, name, email, lang, password_hash AS passwordHash", lang, email);
}

describe("the account mails", () => {
  it("a sign-up's codes are in the language of the page signed up on, a code asked again from an English page too", async () => {
    const email = `code.${crypto.randomUUID()}@example.in`;
    const { token } = await register(page("te"), { name: "Lakshmi Devi", email, password: "godavari-2026" });
    await resendCode(page("en", RESEND), token, email);
    const [first, again] = await mails(email);
    for (const mail of [first, again]) {
      expect(mail.subject).toMatch(/^మీ గోదావరి పులస వెరిఫికేషన్ కోడ్: \d{6}$/);
      expect(mail.body).toMatch(/^నమస్కారం,\n/);
    }
    const english = `code.${crypto.randomUUID()}@example.in`;
    await register(page("en"), { name: "Ravi Kumar", email: english, password: "godavari-2026" });
    const [code] = await mails(english);
    expect(code.subject).toMatch(/^Your Godavari Pulasa verification code: \d{6}$/);
    expect(code.body).toMatch(/^Hello,\n\nYour Godavari Pulasa verification code is \d{6}\.\nIt lasts 10 minutes and can be used once\.\n/);
    expect(code.body).toMatch(/no account is activated without the code\.\n\n– Godavari Pulasa$/);
  });

  it("a sign-up's code greets no one by the name typed with it, and a name is kept on one line", async () => {
    const email = `relay.${crypto.randomUUID()}@example.in`;
    const name = "Alice\nVisit http://evil.example to claim\r\n\t\u202Eprize";
    expect((await call("POST", "register", { name, email, password: "godavari-2026" })).status).toBe(201);
    const [mail] = await mails(email);
    expect(mail.body).toMatch(/^Hello,\n\n/);
    expect(mail.body).not.toContain("evil.example");
    expect(await one("SELECT name FROM pending_codes WHERE email = ?", email)).toEqual({ name: "Alice Visit http://evil.example to claim prize" });
  });

  it("a reset's codes are in the language of the page it was asked on; the password-changed mail in the account's, landing on its profile page", async () => {
    const user = await account("en");
    const headers = { "CF-Connecting-IP": freshIp() };
    const asked = await callRoute(forgotAction, "/te/forgot-password", { form: { email: user.email }, headers });
    const cookie = asked.cookies.map((c) => c.split(";")[0]).join("; ");
    const [codeMail] = await mails(user.email).then((m) => m.slice(-1));
    const code = /(\d{6})$/.exec(codeMail.subject)![1];
    expect(codeMail.subject).toBe(`మీ గోదావరి పులస పాస్‌వర్డ్ రీసెట్ కోడ్: ${code}`);
    expect(codeMail.body).toContain(`మీ గోదావరి పులస పాస్‌వర్డ్ రీసెట్ కోడ్ ${code}.\nఇది 10 నిమిషాలు పనిచేస్తుంది`);

    const done = await callRoute(resetAction, `/te/reset-password?email=${encodeURIComponent(user.email)}`, {
      cookie,
      form: { email: user.email, otp: code, password: "new-river-2027" },
      headers,
    });
    expect(done.location).toBe("/profile");
    const [changed] = (await mails(user.email)).slice(-1);
    expect(changed.subject).toBe("Your Godavari Pulasa password was changed");
    expect(changed.body).toBe(
      [
        "Hello Asha Rani,",
        "",
        "The password of your Godavari Pulasa account was just changed, and every other device was signed out.",
        "If you did not do this, reset your password now from the login page and contact us.",
        "",
        "– Godavari Pulasa",
      ].join("\n"),
    );
  });

  it("a reset code asked again from an English page is in the language the reset was asked in", async () => {
    const user = await account("en");
    const { token } = await startPasswordReset(page("te"), user.email);
    expect(await one("SELECT lang FROM pending_codes WHERE email = ?", user.email)).toEqual({ lang: "te" });
    await resendResetCode(page("en", RESEND), token, user.email);
    const [first, again] = await mails(user.email).then((m) => m.slice(-2));
    for (const mail of [first, again]) expect(mail.subject).toMatch(/^మీ గోదావరి పులస పాస్‌వర్డ్ రీసెట్ కోడ్: \d{6}$/);
  });

  it("a password changed from the profile is told in the account's language, whatever the page's", async () => {
    const user = await account("te");
    await changePassword(page("en"), user, await createSession(testDeps(), user.id), { current: "godavari-2026", password: "new-river-2027" });
    const [changed] = (await mails(user.email)).slice(-1);
    expect(changed.subject).toBe("మీ గోదావరి పులస పాస్‌వర్డ్ మారింది");
    expect(changed.body).toBe(
      [
        "నమస్కారం Asha Rani గారూ,",
        "",
        "మీ గోదావరి పులస ఖాతా పాస్‌వర్డ్ ఇప్పుడే మారింది, మిగతా అన్ని డివైజ్‌ల నుంచి లాగౌట్ చేశాం.",
        "ఇది మీరు చేయకపోతే, వెంటనే లాగిన్ పేజీ నుంచి పాస్‌వర్డ్ రీసెట్ చేసి మమ్మల్ని సంప్రదించండి.",
        "",
        "– గోదావరి పులస బృందం",
      ].join("\n"),
    );
  });
});

import { describe, expect, it } from "vitest";
import { action as loginAction } from "~/routes/login";
import { action as profileAction } from "~/routes/profile";
import { action as signupAction } from "~/routes/signup";
import { te } from "~/i18n/te/messages";
import { accountMessages as teAccount } from "~/i18n/te/account.messages";
import { asUser, type Reply } from "../../tests/setup/as-user";
import { call, freshIp, signup } from "../../tests/setup/auth-api";
import { one } from "../../tests/setup/sql";
import { hashPassword } from "~/lib/crypto.server";

const PASSWORD = "godavari-2026";

async function account(email: string) {
  return (
    await one<{ id: number }>(
      "INSERT INTO users (name, email, password_hash, email_verified_at) VALUES ('Asha Rani', ?, ?, 1) RETURNING id",
      email,
      await hashPassword(PASSWORD),
    )
  ).id;
}

/** A form posted from `path` by a browser at its own address (so the login throttles count only this test's tries). */
async function post(action: (args: never) => unknown, path: string, form: Record<string, string>, userId: number | null = null) {
  const args = await asUser(userId, path, form);
  args.context.deps.client = freshIp();
  return (await action(args as never)) as Reply;
}

describe("the account forms answer in the page's language", () => {
  it("a wrong password on the Telugu login page is refused in Telugu, on the English one in English, by the API in English", async () => {
    const email = `te.login.${crypto.randomUUID()}@example.in`;
    await account(email);
    const wrong = { email, password: "not-the-password" };
    expect((await post(loginAction, "/te/login", wrong)).data.error?.[""]).toEqual([teAccount.badCredentials]);
    expect((await post(loginAction, "/login", wrong)).data.error?.[""]).toEqual(["Invalid email or password"]);
    expect((await call("POST", "login", wrong)).body).toMatchObject({ success: false, error: "Invalid email or password" });
  });

  it("the sign-up form's field errors are in Telugu on a Telugu page and as before on an English one", async () => {
    const form = { name: "Asha", email: "not-an-email", password: "short", phone: "12345" };
    const telugu = await post(signupAction, "/te/signup", form);
    expect(telugu.init?.status).toBe(400);
    expect(telugu.data.error).toMatchObject({ email: [te.auth.errors.emailInvalid], password: [te.auth.errors.passwordShort], phone: [te.auth.errors.phone] });
    const english = await post(signupAction, "/signup", form);
    expect(english.data.error).toMatchObject({
      email: ["Please enter a valid email address"],
      password: ["Password must be at least 8 characters"],
      phone: ["Phone number must be exactly 10 digits"],
    });
  });

  it("an email already taken is refused in Telugu on the Telugu sign-up page", async () => {
    const email = `te.taken.${crypto.randomUUID()}@example.in`;
    await account(email);
    const answer = await post(signupAction, "/te/signup", { name: "Asha Rani", email, password: PASSWORD });
    expect(answer.data.error?.[""]).toEqual([teAccount.emailTaken]);
    expect((await signup(email)).body).toMatchObject({ error: "An account with this email already exists. Please log in." });
  });

  it("the profile's phone and password refusals are in Telugu on the Telugu profile", async () => {
    const id = await account(`te.profile.${crypto.randomUUID()}@example.in`);
    const details = await post(profileAction, "/te/profile", { intent: "details", name: "Asha Rani", phone: "123" }, id);
    expect((details.data as unknown as { reply: Reply["data"] }).reply.error?.phone).toEqual([te.auth.errors.phone]);
    const password = await post(profileAction, "/te/profile", { intent: "password", current: "wrong-password", password: "new-password-1" }, id);
    expect((password.data as unknown as { reply: Reply["data"] }).reply.error?.[""]).toEqual([teAccount.wrongPassword]);
  });

  it("too many tries are refused in Telugu on a Telugu page", async () => {
    const email = `te.many.${crypto.randomUUID()}@example.in`;
    await account(email);
    const ip = freshIp();
    let last: Reply | null = null;
    for (let i = 0; i < 11; i++) {
      const args = await asUser(null, "/te/login", { email, password: "not-the-password" });
      args.context.deps.client = ip;
      last = (await loginAction(args as never)) as Reply;
    }
    expect(last?.init?.status).toBe(429);
    expect(last?.data.error?.[""]).toEqual([teAccount.tooMany]);
  });
});

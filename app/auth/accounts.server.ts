import { eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import { cartItems, users, type User } from "~/db/schema";
import type { Deps } from "~/deps";
import { accountTexts as accountMessages } from "~/i18n/texts";
import type { Lang } from "~/i18n/lang";
import { ConflictError, InvalidInputError, NotFoundError, UnauthorizedError } from "~/lib/errors";
import { codeMail } from "~/mail/mail.server";
import { hashPassword, verifyPassword } from "~/lib/crypto.server";
import { endPendingCodes, enterCode, issueCode, redrawCode } from "./pending-codes.server";
import { LIMITS, throttle } from "./rate-limit.server";
import type { AuthSchemas } from "./schemas";
import { createSession, deleteSession } from "./session.server";

/** The fields a user may see about themselves (never the password hash or internal fields). */
export function publicUser(user: User) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    address: user.address,
    created_at: new Date(user.createdAt).toISOString(),
    is_admin: user.isAdmin,
    email_verified: user.emailVerifiedAt !== null,
  };
}

/** A verified account (unverified rows left by the first version of the store never count as accounts). */
export async function findAccount(deps: Pick<Deps, "db">, email: string) {
  const [user] = await deps.db.select().from(users).where(eq(users.email, email)).limit(1);
  return user?.emailVerifiedAt ? user : null;
}

async function mailCode(deps: Pick<Deps, "config" | "mailer">, signup: { email: string; name: string; lang: Lang }, code: string) {
  await deps.mailer.send(codeMail(deps.config, signup, code));
}

/**
 * Starts a sign-up: nothing is created but a pending sign-up holding the details and its own code, mailed to
 * the address in the language of the page signed up on (the account's language, once it exists). Returns the
 * sign-up's token, which only this browser (cookie) or API client (temporary token) holds; the account exists
 * only once the code is entered with it.
 */
export async function register(deps: Deps, input: z.infer<AuthSchemas["signup"]>): Promise<{ token: string; email: string; name: string }> {
  await throttle(deps, `register:ip:${deps.client}`, LIMITS.registerPerClient);
  // Each sign-up mails a code: a cap per address keeps anyone from flooding someone's inbox.
  await throttle(deps, `register:email:${input.email}`, LIMITS.registerPerEmail);
  if (await findAccount(deps, input.email)) throw new ConflictError(accountMessages.emailTaken);
  const { token, code } = await issueCode(deps, {
    purpose: "signup",
    email: input.email,
    lang: deps.lang,
    name: input.name,
    phone: input.phone ?? null,
    address: input.address ?? null,
    passwordHash: await hashPassword(input.password),
  });
  await mailCode(deps, { ...input, lang: deps.lang }, code);
  return { token, email: input.email, name: input.name };
}

export type LoginResult = { user: User; token: string };

/**
 * Signs in with e-mail and password. Guessing stops at the per-address limits; the per-account limit does not
 * apply to a browser that has signed in to this account before (`knownAccount`), so strangers cannot lock the
 * owner out.
 */
export async function login(
  deps: Pick<Deps, "db" | "client" | "now">,
  email: string,
  password: string,
  options: { knownAccountIds?: number[] } = {},
): Promise<LoginResult> {
  await throttle(deps, `login:ip:${deps.client}`, LIMITS.loginPerClient);
  await throttle(deps, `login:email-ip:${email}:${deps.client}`, LIMITS.loginPerEmailAndClient);
  const user = await findAccount(deps, email);
  if (!user || !options.knownAccountIds?.includes(user.id)) await throttle(deps, `login:email:${email}`, LIMITS.loginPerEmail);
  const ok = await verifyPassword(password, user?.passwordHash ?? null);
  if (!user || !ok) throw new UnauthorizedError(accountMessages.badCredentials);
  return { user, token: await createSession(deps, user.id) };
}

/**
 * Checks the code of this browser's sign-up (the rules of pending-codes.server.ts). On success the account is
 * created (or an unverified row of the first version is replaced) and signed in.
 */
export async function verifyEmail(
  deps: Pick<Deps, "db" | "config" | "client" | "now">,
  signupToken: string | null,
  email: string,
  code: string,
): Promise<{ user: User; token: string }> {
  const m = accountMessages;
  const signup = await enterCode(deps, "signup", signupToken, email, code);
  if (!signup) {
    if (signupToken && (await findAccount(deps, email))) throw new ConflictError(m.alreadyVerified);
    throw new InvalidInputError(m.noSignupHere);
  }
  const fields = {
    name: signup.name!,
    phone: signup.phone,
    address: signup.address,
    passwordHash: signup.passwordHash,
    lang: signup.lang,
    emailVerifiedAt: deps.now(),
  };
  const [user] = await deps.db
    .insert(users)
    .values({ ...fields, email: signup.email })
    .onConflictDoUpdate({ target: users.email, set: fields, where: isNull(users.emailVerifiedAt) })
    .returning();
  if (!user) throw new ConflictError(m.alreadyVerified);
  // Other sign-ups for the address can no longer become anything.
  await endPendingCodes(deps, "signup", signup.email);
  return { user, token: await createSession(deps, user.id) };
}

/** Mails a new code for this browser's sign-up, at most once per 300 s. */
export async function resendCode(deps: Deps, signupToken: string | null, email: string): Promise<void> {
  const resent = await redrawCode(deps, "signup", signupToken, email);
  if (!resent) {
    if (await findAccount(deps, email)) throw new ConflictError(accountMessages.alreadyVerified);
    throw new NotFoundError(accountMessages.noSignupHere);
  }
  await mailCode(deps, { email, name: resent.pending.name!, lang: resent.pending.lang }, resent.code);
}

/**
 * Signs in (or creates, verified, in `lang`: the language of the page signed up on) the account of a Google
 * identity whose e-mail Google has verified. Google vouching for an address that was never verified here
 * discards any password set before: only the inbox's owner may decide it, and Google has just shown who that is.
 */
export async function loginWithGoogle(deps: Pick<Deps, "db" | "now">, identity: { sub: string; email: string; name: string }, lang: Lang = "en") {
  const email = identity.email.trim().toLowerCase();
  const now = deps.now();
  const [bySub] = await deps.db.select().from(users).where(eq(users.googleSub, identity.sub)).limit(1);
  const [byEmail] = bySub ? [bySub] : await deps.db.select().from(users).where(eq(users.email, email)).limit(1);
  let user: User;
  if (byEmail) {
    const verified = byEmail.emailVerifiedAt !== null;
    [user] = await deps.db
      .update(users)
      .set({
        googleSub: identity.sub,
        emailVerifiedAt: byEmail.emailVerifiedAt ?? now,
        ...(verified ? {} : { passwordHash: null, name: identity.name || byEmail.name }),
      })
      .where(eq(users.id, byEmail.id))
      .returning();
  } else {
    [user] = await deps.db
      .insert(users)
      .values({ name: identity.name || email, email, googleSub: identity.sub, emailVerifiedAt: now, lang })
      .returning();
  }
  await endPendingCodes(deps, "signup", user.email);
  return { user, token: await createSession(deps, user.id) };
}

/** Ends the session on the server and empties the user's cart. */
export async function logout(deps: Pick<Deps, "db">, token: string, userId: number) {
  await deleteSession(deps, token);
  await deps.db.delete(cartItems).where(eq(cartItems.userId, userId));
}

export async function emailExists(deps: Pick<Deps, "db">, email: string): Promise<boolean> {
  return (await findAccount(deps, email)) !== null;
}

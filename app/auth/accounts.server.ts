import { and, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import type { AppConfig } from "~/config.server";
import type { Db } from "~/db/client.server";
import { cartItems, otpCodes, sessions, users, type User } from "~/db/schema";
import { ConflictError, InvalidInputError, NotFoundError, TooManyRequestsError, UnauthorizedError } from "~/lib/errors";
import { codeMail, sendMail } from "~/mail/mail.server";
import { hashPassword, randomCode, safeEqual, sha256, verifyPassword } from "./crypto.server";
import { CODE_LIFETIME_MS, codeUnusableReason, MAX_WRONG_TRIES, resendWaitSeconds } from "./otp-rules";
import { LIMITS, throttle } from "./rate-limit.server";
import type { signupSchema } from "./schemas";
import { createSession, deleteSession } from "./session.server";

export type AuthDeps = { db: Db; config: AppConfig; env: { DB: D1Database }; client: string; now?: () => number };

export const MESSAGES = {
  emailTaken: "An account with this email already exists. Please log in.",
  badCredentials: "Invalid email or password",
  wrongCode: "Invalid verification code. Please check the code and try again.",
  deadCode: "This code can no longer be used. Please request a new code.",
  alreadyVerified: "This email is already verified. Please log in.",
  noAccount: "No account is waiting for verification with this email",
  resendWait: "Please wait before requesting a new code.",
  codePending: "A verification code has already been sent to this email. Enter it, or request a new one when the countdown ends.",
} as const;

/** A sign-up for an unverified e-mail whose code is still live: nothing changes, the code page is the place to be. */
export class CodePendingError extends ConflictError {
  constructor() {
    super(MESSAGES.codePending);
  }
}

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

async function findByEmail(db: Db, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user ?? null;
}

async function codeHash(config: AppConfig, userId: number, code: string) {
  return sha256(`${config.sessionSecret}:${userId}:${code}`);
}

/** Sends a fresh code unless one was sent less than 300 s ago (then the live code stays valid). */
async function sendCode(deps: AuthDeps, user: User, { force }: { force: boolean }) {
  const now = deps.now?.() ?? Date.now();
  const [current] = await deps.db.select().from(otpCodes).where(eq(otpCodes.userId, user.id)).limit(1);
  const wait = resendWaitSeconds(current ?? null, now);
  if (wait > 0) {
    if (force) throw new TooManyRequestsError(MESSAGES.resendWait, wait);
    return;
  }
  const code = randomCode();
  const row = { codeHash: await codeHash(deps.config, user.id, code), expiresAt: now + CODE_LIFETIME_MS, failedAttempts: 0, sentAt: now };
  await deps.db.insert(otpCodes).values({ userId: user.id, ...row }).onConflictDoUpdate({ target: otpCodes.userId, set: row });
  await sendMail(deps.env, deps.config, codeMail(deps.config, user.email, user.name, code));
}

/** Creates an unverified account (or refreshes one that never verified) and mails its code. */
export async function register(deps: AuthDeps, input: z.infer<typeof signupSchema>): Promise<User> {
  await throttle(deps.db, `register:ip:${deps.client}`, LIMITS.registerPerClient);
  const existing = await findByEmail(deps.db, input.email);
  if (existing?.emailVerifiedAt) throw new ConflictError(MESSAGES.emailTaken);
  const fields = {
    name: input.name,
    phone: input.phone ?? null,
    address: input.address ?? null,
    passwordHash: await hashPassword(input.password),
  };
  let user: User;
  if (existing) {
    // While a code is live nobody may replace the details (the password above all) of the account waiting for
    // it: otherwise a second sign-up could set its own password just before the owner enters their code.
    const [pending] = await deps.db.select().from(otpCodes).where(eq(otpCodes.userId, existing.id)).limit(1);
    if (codeUnusableReason(pending ?? null, deps.now?.() ?? Date.now()) === null) throw new CodePendingError();
    [user] = await deps.db.update(users).set(fields).where(and(eq(users.id, existing.id), isNull(users.emailVerifiedAt))).returning();
  } else {
    const inserted = await deps.db.insert(users).values({ ...fields, email: input.email }).onConflictDoNothing().returning();
    if (inserted.length === 0) throw new ConflictError(MESSAGES.emailTaken);
    [user] = inserted;
  }
  await sendCode(deps, user, { force: false });
  return user;
}

export type LoginResult = { kind: "session"; user: User; token: string } | { kind: "verify"; user: User };

export async function login(deps: AuthDeps, email: string, password: string): Promise<LoginResult> {
  await throttle(deps.db, `login:ip:${deps.client}`, LIMITS.loginPerClient);
  await throttle(deps.db, `login:email:${email}`, LIMITS.loginPerEmail);
  const user = await findByEmail(deps.db, email);
  const ok = await verifyPassword(password, user?.passwordHash ?? null);
  if (!user || !ok) throw new UnauthorizedError(MESSAGES.badCredentials);
  if (!user.emailVerifiedAt) {
    await sendCode(deps, user, { force: false });
    return { kind: "verify", user };
  }
  return { kind: "session", user, token: await createSession(deps.db, user.id) };
}

/** Checks a code: single use, 10 minutes, 5 wrong tries; on success the account is verified and signed in. */
export async function verifyEmail(deps: AuthDeps, email: string, code: string): Promise<{ user: User; token: string }> {
  await throttle(deps.db, `code:ip:${deps.client}`, LIMITS.codePerClient);
  const now = deps.now?.() ?? Date.now();
  const user = await findByEmail(deps.db, email);
  if (!user) throw new InvalidInputError(MESSAGES.wrongCode);
  if (user.emailVerifiedAt) throw new ConflictError(MESSAGES.alreadyVerified);
  const [stored] = await deps.db.select().from(otpCodes).where(eq(otpCodes.userId, user.id)).limit(1);
  const unusable = codeUnusableReason(stored ?? null, now);
  if (unusable === "missing") throw new InvalidInputError(MESSAGES.wrongCode);
  if (unusable) throw new InvalidInputError(MESSAGES.deadCode);
  if (!safeEqual(await codeHash(deps.config, user.id, code), stored.codeHash)) {
    // Counted atomically, so parallel guesses cannot exceed the limit.
    const [row] = await deps.db
      .update(otpCodes)
      .set({ failedAttempts: stored.failedAttempts + 1 })
      .where(and(eq(otpCodes.userId, user.id), eq(otpCodes.failedAttempts, stored.failedAttempts)))
      .returning({ failedAttempts: otpCodes.failedAttempts });
    throw new InvalidInputError(row && row.failedAttempts < MAX_WRONG_TRIES ? MESSAGES.wrongCode : MESSAGES.deadCode);
  }
  // Single use: only the request that deletes the code goes on.
  const deleted = await deps.db.delete(otpCodes).where(and(eq(otpCodes.userId, user.id), eq(otpCodes.codeHash, stored.codeHash))).returning();
  if (deleted.length === 0) throw new InvalidInputError(MESSAGES.deadCode);
  const [verified] = await deps.db.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, user.id)).returning();
  await deps.db.delete(sessions).where(and(eq(sessions.userId, user.id), eq(sessions.purpose, "verify")));
  return { user: verified, token: await createSession(deps.db, user.id) };
}

export async function resendCode(deps: AuthDeps, email: string): Promise<void> {
  await throttle(deps.db, `resend:ip:${deps.client}`, LIMITS.resendPerClient);
  const user = await findByEmail(deps.db, email);
  if (!user) throw new NotFoundError(MESSAGES.noAccount);
  if (user.emailVerifiedAt) throw new ConflictError(MESSAGES.alreadyVerified);
  await sendCode(deps, user, { force: true });
}

/** Signs in (or creates, verified) the account of a Google identity whose e-mail Google has verified. */
export async function loginWithGoogle(deps: AuthDeps, identity: { sub: string; email: string; name: string }) {
  const email = identity.email.trim().toLowerCase();
  const now = deps.now?.() ?? Date.now();
  const [bySub] = await deps.db.select().from(users).where(eq(users.googleSub, identity.sub)).limit(1);
  let user = bySub ?? (await findByEmail(deps.db, email));
  if (user) {
    [user] = await deps.db
      .update(users)
      .set({ googleSub: identity.sub, emailVerifiedAt: user.emailVerifiedAt ?? now })
      .where(eq(users.id, user.id))
      .returning();
  } else {
    [user] = await deps.db.insert(users).values({ name: identity.name || email, email, googleSub: identity.sub, emailVerifiedAt: now }).returning();
  }
  return { user, token: await createSession(deps.db, user.id) };
}

/** Ends the session on the server and empties the user's cart. */
export async function logout(deps: Pick<AuthDeps, "db">, token: string, userId: number | null) {
  await deleteSession(deps.db, token);
  if (userId !== null) await deps.db.delete(cartItems).where(eq(cartItems.userId, userId));
}

export async function emailExists(db: Db, email: string): Promise<boolean> {
  return (await findByEmail(db, email)) !== null;
}

/** Seconds before the e-mail's account may be sent another code (0 when it may, or when there is no such account). */
export async function resendWaitFor(db: Db, email: string, now = Date.now()): Promise<number> {
  const [row] = await db
    .select({ sentAt: otpCodes.sentAt })
    .from(otpCodes)
    .innerJoin(users, eq(users.id, otpCodes.userId))
    .where(eq(users.email, email))
    .limit(1);
  return resendWaitSeconds(row ?? null, now);
}

import { and, eq, ne } from "drizzle-orm";
import { sessions, users, type User } from "~/db/schema";
import type { Deps } from "~/deps";
import { accountTexts as m } from "~/i18n/texts";
import type { Lang } from "~/i18n/lang";
import { UnauthorizedError } from "~/lib/errors";
import { passwordChangedMail } from "~/mail/mail.server";
import { hashPassword, sha256, verifyPassword } from "~/lib/crypto.server";
import { LIMITS, throttle } from "./rate-limit.server";

/**
 * The account's language follows the shopper pages its owner opens (the header's language link switches it):
 * written only when it changes, never on every page.
 */
export async function rememberLang(deps: Pick<Deps, "db">, user: Pick<User, "id" | "lang">, lang: Lang) {
  if (user.lang === lang) return;
  await deps.db
    .update(users)
    .set({ lang })
    .where(and(eq(users.id, user.id), ne(users.lang, lang)));
}

/** The signed-in user's own name and phone (the phone as its 10 digits, or none). */
export async function updateProfile(deps: Pick<Deps, "db">, user: User, input: { name: string; phone?: string }) {
  await deps.db
    .update(users)
    .set({ name: input.name, phone: input.phone ?? null })
    .where(eq(users.id, user.id));
}

/**
 * Change password, signed in: the current password is required (an account made with Google has none, and
 * sets its first one without). Every other session and API token of the account ends; this one stays.
 */
export async function changePassword(deps: Deps, user: User, sessionToken: string, input: { current?: string; password: string }) {
  await throttle(deps, `login:email-ip:${user.email}:${deps.client}`, LIMITS.loginPerEmailAndClient);
  if (user.passwordHash !== null && !(await verifyPassword(input.current ?? "", user.passwordHash))) throw new UnauthorizedError(m.wrongPassword);
  const passwordHash = await hashPassword(input.password);
  await deps.db.batch([
    deps.db.update(users).set({ passwordHash }).where(eq(users.id, user.id)),
    deps.db.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.id, await sha256(sessionToken)))),
  ]);
  await deps.mailer.send(passwordChangedMail(deps.config, user));
}

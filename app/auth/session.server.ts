import { and, count, eq, gt, isNotNull, isNull, lt, sql, type SQLWrapper } from "drizzle-orm";
import { errors, jwtVerify, SignJWT, type JWTPayload } from "jose";
import { inPageLang, selectCartLines, type CartLine } from "../cart/cart-lines.server";
import type { AppConfig } from "../config.server";
import { batchPrepared, perIsolate, type Db } from "../db/client.server";
import { notifications, sessions, users, type PendingCode, type User } from "../db/schema";
import type { Deps } from "../deps";
import { randomToken, sha256 } from "../lib/crypto.server";

export const SESSION_TTL_MS = 24 * 60 * 60_000;
/** How long a browser or API client may go on with one sign-up or reset (resends included). */
export const SIGNUP_TTL_MS = 60 * 60_000;

export async function createSession(deps: Pick<Deps, "db" | "now">, userId: number, now = deps.now()): Promise<string> {
  const token = randomToken();
  await deps.db.insert(sessions).values({
    id: await sha256(token),
    userId,
    purpose: "session",
    expiresAt: now + SESSION_TTL_MS,
  });
  return token;
}

/** The verified user of the live session `id` (a token's hash) at `now`. */
function sessionUserSelect(deps: Pick<Deps, "db">, id: string | SQLWrapper, now: number | SQLWrapper) {
  return deps.db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now), isNotNull(users.emailVerifiedAt)))
    .limit(1);
}

function sessionUserQuery(deps: Pick<Deps, "db">) {
  return sessionUserSelect(deps, sql.placeholder("id"), sql.placeholder("now")).prepare();
}

/** Every request that carries a session asks this: the statement is built once per client, not per request. */
const sessionUserQueries = new WeakMap<Db, ReturnType<typeof sessionUserQuery>>();

/** The verified user behind a live session token, or null. */
export async function findSessionUser(deps: Pick<Deps, "db" | "now">, token: string, now = deps.now()): Promise<User | null> {
  let query = sessionUserQueries.get(deps.db);
  if (!query) {
    query = sessionUserQuery(deps);
    sessionUserQueries.set(deps.db, query);
  }
  const row = await query.get({ id: await sha256(token), now });
  return row?.user ?? null;
}

/** What every page's header shows of its signed-in user: the cart's lines (as `getCart` reads them) and the unread notices. */
export type SessionPageData = { cart: CartLine[]; unread: number };

/** The session's user, their cart's lines and their unread notices, by the token's hash `id` at `now`. */
const sessionPageQueries = perIsolate((db) => {
  const deps = { db };
  const id = sql.placeholder("id");
  const now = sql.placeholder("now");
  const userId = sql`(select ${sessions.userId} from ${sessions} where ${sessions.id} = ${id} and ${sessions.expiresAt} > ${now})`;
  return [
    sessionUserSelect(deps, id, now).prepare(),
    selectCartLines(db, userId).prepare(),
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
      .prepare(),
  ] as const;
});

/**
 * `findSessionUser` and, in the same D1 batch, the user's page data: one round trip where a page would make
 * three. The cart and the notices are read by the session's user id, so they belong to the user found.
 */
export async function findSessionUserWithPageData(
  deps: Pick<Deps, "db" | "now" | "lang">,
  token: string,
  now = deps.now(),
): Promise<{ user: User; page: SessionPageData } | null> {
  const [found, cart, unread] = await batchPrepared(deps.db, sessionPageQueries(deps.db), { id: await sha256(token), now });
  const user = found[0]?.user;
  if (!user) return null;
  return { user, page: { cart: inPageLang(cart, deps.lang), unread: unread[0]?.n ?? 0 } };
}

export async function deleteSession(deps: Pick<Deps, "db">, token: string) {
  await deps.db.delete(sessions).where(eq(sessions.id, await sha256(token)));
}

export function purgeExpiredSessions(deps: Pick<Deps, "db" | "now">, now = deps.now()) {
  return deps.db.delete(sessions).where(lt(sessions.expiresAt, now));
}

const encoder = new TextEncoder();

/**
 * An HS256 JWT of `claims` with the header `{"alg":"HS256","typ":"JWT"}`, the format every token issued so far
 * has (the auction Worker checks the same tokens with `readApiToken`).
 */
function signJwt(claims: JWTPayload, secret: string): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(encoder.encode(secret));
}

/** The claims of an unexpired HS256 JWT signed with `secret` that carries `exp`, or null. */
async function verifyJwt(token: string, secret: string): Promise<JWTPayload | null> {
  try {
    const { payload } = await jwtVerify(token, encoder.encode(secret), { algorithms: ["HS256"], requiredClaims: ["exp"] });
    return payload;
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}

/** API tokens: an HS256 JWT naming the server-side session, so logging out makes the token fail. */
export async function issueApiToken(config: AppConfig, userId: number, sessionToken: string, ttlMs = SESSION_TTL_MS) {
  const exp = Math.floor((Date.now() + ttlMs) / 1000);
  return signJwt({ sub: String(userId), sid: sessionToken, exp }, config.sessionSecret);
}

export async function readApiToken(config: AppConfig, jwt: string): Promise<{ sessionToken: string } | null> {
  const claims = await verifyJwt(jwt, config.sessionSecret);
  return claims && typeof claims.sid === "string" ? { sessionToken: claims.sid } : null;
}

/**
 * The API's temporary token while a sign-up or a password reset waits for its code (the web keeps the same
 * token in a signed cookie). It names the pending sign-up or reset under `sup`, never `sid`, so it can never
 * pass for a session, and its `typ` says which, so one can never pass for the other.
 */
export type CodePurpose = PendingCode["purpose"];

export function issueCodeToken(config: AppConfig, purpose: CodePurpose, token: string) {
  const exp = Math.floor((Date.now() + SIGNUP_TTL_MS) / 1000);
  return signJwt({ typ: purpose, sup: token, exp }, config.sessionSecret);
}

export async function readCodeToken(config: AppConfig, purpose: CodePurpose, jwt: string | null): Promise<string | null> {
  if (!jwt) return null;
  const claims = await verifyJwt(jwt, config.sessionSecret);
  return claims && claims.typ === purpose && typeof claims.sup === "string" ? claims.sup : null;
}

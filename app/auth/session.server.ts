import { and, eq, gt } from "drizzle-orm";
import type { AppConfig } from "../config.server";
import type { Db } from "../db/client.server";
import { sessions, users, type User } from "../db/schema";
import { appCookies } from "../web/cookies.server";
import { randomToken, sha256, signJwt, verifyJwt } from "./crypto.server";

export const SESSION_TTL_MS = 24 * 60 * 60_000;
/** The temporary token of an account waiting for its code lives as long as a code. */
export const VERIFY_TTL_MS = 10 * 60_000;

type Purpose = "session" | "verify";

export async function createSession(db: Db, userId: number, purpose: Purpose = "session", now = Date.now()): Promise<string> {
  const token = randomToken();
  await db.insert(sessions).values({
    id: await sha256(token),
    userId,
    purpose,
    expiresAt: now + (purpose === "session" ? SESSION_TTL_MS : VERIFY_TTL_MS),
  });
  return token;
}

/** The user behind a live session token of the given purpose, or null. */
export async function findSessionUser(db: Db, token: string, purpose: Purpose = "session", now = Date.now()): Promise<User | null> {
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, await sha256(token)), eq(sessions.purpose, purpose), gt(sessions.expiresAt, now)))
    .limit(1);
  return row?.user ?? null;
}

export async function deleteSession(db: Db, token: string) {
  await db.delete(sessions).where(eq(sessions.id, await sha256(token)));
}

/** The browser cookie holds only the session token, signed (declared with every other cookie). */
export async function readSessionToken(request: Request, config: AppConfig): Promise<string | null> {
  const value: unknown = await appCookies(config).session.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 && value.length <= 100 ? value : null;
}

export function commitSessionCookie(config: AppConfig, token: string) {
  return appCookies(config).session.serialize(token);
}

export function clearSessionCookie(config: AppConfig) {
  return appCookies(config).session.serialize("", { maxAge: 0 });
}

/** API tokens: an HS256 JWT naming the server-side session, so logging out makes the token fail. */
export async function issueApiToken(config: AppConfig, userId: number, sessionToken: string, ttlMs = SESSION_TTL_MS) {
  const exp = Math.floor((Date.now() + ttlMs) / 1000);
  return signJwt({ sub: String(userId), sid: sessionToken, exp }, config.sessionSecret);
}

export async function readApiToken(config: AppConfig, jwt: string): Promise<{ sessionToken: string } | null> {
  const claims = await verifyJwt(jwt, config.sessionSecret);
  if (!claims || typeof claims.sid !== "string" || typeof claims.exp !== "number") return null;
  if (claims.exp * 1000 <= Date.now()) return null;
  return { sessionToken: claims.sid };
}

export function bearerToken(request: Request): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get("Authorization") ?? "");
  return match ? match[1] : null;
}

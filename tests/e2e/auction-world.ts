import { createHash, randomBytes } from "node:crypto";
import { createCookie } from "@remix-run/cloudflare";
import type { Page } from "playwright-core";
import type { useLocalDb } from "./local-db";

/** The development secret the local store signs cookies with (no SESSION_SECRET is configured locally). */
const DEV_SECRET = "local-development-only-secret-do-not-use-in-production";

/**
 * Verified bidders (or admins) with live sessions, made straight in the local database (sign-up is tested
 * elsewhere): `bidder(id, name)` gives the session cookie a browser context is opened with.
 */
export function bidderSessions(sql: ReturnType<typeof useLocalDb>) {
  return async function bidder(id: number, name: string, admin = false) {
    const token = randomBytes(24).toString("base64url");
    const hash = createHash("sha256").update(token).digest("base64url");
    await sql(
      `INSERT INTO users (id, name, email, email_verified_at, is_admin) VALUES (${id}, '${name}', 'bidder${id}.${Date.now()}@example.in', ${Date.now()}, ${admin ? 1 : 0})`,
    );
    await sql(`INSERT INTO sessions (id, user_id, purpose, expires_at) VALUES ('${hash}', ${id}, 'session', ${Date.now() + 3_600_000})`);
    const cookie = createCookie("__session", { secrets: [DEV_SECRET] });
    const serialized = await cookie.serialize(token);
    const value = serialized.split(";")[0].slice("__session=".length);
    return [{ name: "__session", value }];
  };
}

/** The first delivery slot a pay page or checkout offers that can still be booked. */
export const firstOpenSlot = (page: Page) => page.locator('input[type="radio"][name="delivery"]:not([disabled])').first();

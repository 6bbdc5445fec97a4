import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach } from "vitest";
import { createSession, issueApiToken } from "../../../app/auth/session.server";
import { createDeps } from "../../../app/deps.server";
import { appCookies } from "../../../app/web/cookies.server";
import type { AuctionView } from "../../../app/auctions/auction";
import worker from "./index";

/** What the auction object's workerd tests share: people with sessions, auctions, bids and clean tables. */
export const MIN = 60_000;
const deps = createDeps(env);
const config = deps.config;
let nextUser = 1;

export type Person = { id: number; bearer: string; cookie: string };

/**
 * A request to the auction Worker, handed to its fetch handler in this isolate (the module SELF runs).
 * Not SELF.fetch: under vitest-pool-workers each SELF request in a workerd costs more than the one before it,
 * which made the 500-bid test take half a minute; the bids still reach the Durable Object concurrently through
 * its binding.
 */
export function auctionFetch(url: string, init?: RequestInit): Promise<Response> {
  return worker.fetch(new Request(url, init) as Request<unknown, IncomingRequestCfProperties>, env as unknown as Parameters<typeof worker.fetch>[1]);
}

export async function person(name: string, options: { admin?: boolean; verified?: boolean } = {}): Promise<Person> {
  const id = nextUser++;
  await env.DB.prepare("INSERT INTO users (id, name, email, email_verified_at, is_admin, phone, address) VALUES (?, ?, ?, ?, ?, ?, ?)")
    .bind(id, name, `user${id}@example.in`, options.verified === false ? null : Date.now(), options.admin ? 1 : 0, "+919000000000", "1 River Road")
    .run();
  const token = await createSession(deps, id);
  return { id, bearer: `Bearer ${await issueApiToken(config, id, token)}`, cookie: await appCookies(config).session.serialize(token) };
}

export async function createAuction(admin: Person, fields: Record<string, unknown> = {}): Promise<AuctionView> {
  const res = await auctionFetch("https://auction.test/api/auction", {
    method: "POST",
    headers: { Authorization: admin.bearer, "Content-Type": "application/json" },
    body: JSON.stringify({
      title: "Royal Pulasa 2 kg",
      description: "A single large Godavari fish.",
      starting_price: 1000,
      end_time_ms: Date.now() + 60 * MIN,
      ...fields,
    }),
  });
  const body = (await res.json()) as { success: boolean; auction: AuctionView; error?: string };
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${body.error}`);
  return body.auction;
}

export async function bid(
  who: Person | null,
  auctionId: number,
  amount: number | string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const res = await auctionFetch("https://auction.test/api/bids", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(who ? { Authorization: who.bearer } : {}), ...headers },
    body: JSON.stringify({ auction_id: auctionId, amount, ...extra }),
  });
  return { status: res.status, body: (await res.json()) as { success: boolean; error?: string; message?: string; auction?: AuctionView } };
}

export function stubFor(id: number) {
  return env.AUCTION_ROOM.get(env.AUCTION_ROOM.idFromName(String(id)));
}

export async function d1Summary(id: number) {
  return env.DB.prepare("SELECT current_price_paise, bid_count, end_time, status, version, winner_user_id FROM auctions WHERE id = ?")
    .bind(id)
    .first<Record<string, number | string | null>>();
}

/** Ends the auction now by moving its end into the past inside the object (no sleeps). */
export async function endNow(id: number) {
  await runInDurableObject(stubFor(id), async (room) => {
    const state = (await room.inspect())!;
    (room as unknown as { state: typeof state }).state = { ...state, endTime: Date.now() - 1 };
  });
}

/** Every table the auction tests write, emptied before each test. */
export async function emptyTables() {
  await env.DB.batch(
    ["notifications", "order_items", "orders", "auction_bids", "auctions", "sessions", "mail_outbox", "users"].map((table) =>
      env.DB.prepare(`DELETE FROM ${table}`),
    ),
  );
}

/** Alarms persist between tests in a file: each object's is drained so the next test starts clean. */
/**
 * An auction as the seed writes it, straight into D1 before any object knows it: ending in an hour, with two
 * bids by name only (no accounts), ₹1,200 then ₹1,500.
 */
export async function seededAuction(id: number) {
  const now = Date.now();
  await env.DB.prepare(
    "INSERT INTO auctions (id, title, description, start_price_paise, current_price_paise, end_time, status, bid_count, seller_name) VALUES (?, 'Seeded Pulasa', 'From the seed.', 100000, 150000, ?, 'active', 2, 'Godavari Pulasa')",
  )
    .bind(id, now + 60 * MIN)
    .run();
  await env.DB.batch(
    [
      ["Ramesh K.", 120_000],
      ["Lakshmi D.", 150_000],
    ].map(([name, amount], i) =>
      env.DB.prepare("INSERT INTO auction_bids (auction_id, bidder_name, amount_paise, created_at) VALUES (?, ?, ?, ?)").bind(
        id,
        name,
        amount,
        now - (2 - i) * MIN,
      ),
    ),
  );
}

export async function drainAlarms() {
  const { results } = await env.DB.prepare("SELECT id FROM auctions").all<{ id: number }>();
  for (const { id } of results) await runDurableObjectAlarm(stubFor(id));
}

/** The room tests' people, made anew before each test of a file that calls `useRoomWorld` (live bindings). */
export let admin: Person;
export let ravi: Person;
export let sita: Person;

/** A fresh start for each room test: empty tables, then an admin and two bidders (Ravi and Sita); alarms drained after. */
export function useRoomWorld() {
  beforeEach(async () => {
    await emptyTables();
    admin = await person("Admin User", { admin: true });
    ravi = await person("Ravi Kumar");
    sita = await person("Sita Rao");
  });
  afterEach(drainAlarms);
}

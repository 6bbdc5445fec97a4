import { and, eq, lt } from "drizzle-orm";
import { getConfig } from "../../../app/config.server";
import { getDb } from "../../../app/db/client.server";
import { auctionBids, auctions, users } from "../../../app/db/schema";
import { formatRupees } from "../../../app/lib/money";
import { notify } from "../../../app/notifications/notify.server";
import { createAuctionOrder } from "../../../app/orders/auction-order.server";
import type { Stored } from "./auction-room";

export type RoomEnv = {
  DB: D1Database;
  MAIL_API_URL?: string;
  MAIL_API_KEY?: string;
  MAIL_FROM?: string;
} & Record<string, unknown>;

function deps(env: RoomEnv) {
  return { db: getDb(env), config: getConfig(env), env };
}

export type MirrorBid = { seq: number; userId: number; bidderName: string; amountPaise: number; createdAt: number };

/**
 * Write-behind of an auction object to D1. Under load the bids waiting for D1 are written together in one
 * batch behind the one in flight, so D1 round trips do not grow with the bid rate, and the summary row is
 * always written with the newest state (with a version guard in case two writes ever cross). A failed
 * write keeps its bids for the next one.
 */
export class D1Mirror {
  private pending: MirrorBid[] = [];
  private inFlight: Promise<void> | null = null;
  private queued: Promise<void> | null = null;

  constructor(
    private env: RoomEnv,
    private state: () => Stored,
  ) {}

  sync(bids: MirrorBid[]): Promise<void> {
    this.pending.push(...bids);
    if (this.queued) return this.queued;
    if (!this.inFlight) return this.flush();
    this.queued = this.inFlight
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.flush();
      });
    return this.queued;
  }

  private flush(): Promise<void> {
    const bids = this.pending.splice(0);
    const flush = mirrorToD1(this.env, this.state(), bids)
      .catch((error) => {
        this.pending.unshift(...bids);
        throw error;
      })
      .finally(() => {
        if (this.inFlight === flush) this.inFlight = null;
      });
    this.inFlight = flush;
    return flush;
  }
}

/** Writes the summary row listings read (only if this state is newer than what it holds) and the bid mirror. */
export async function mirrorToD1(env: RoomEnv, s: Stored, bids: MirrorBid[]) {
  const db = getDb(env);
  const summary = db
    .update(auctions)
    .set({
      currentPricePaise: s.currentPricePaise,
      bidCount: s.bidCount,
      endTime: s.endTime,
      status: s.status,
      winnerUserId: s.status === "ended" ? s.leaderId : null,
      cancelReason: s.cancelReason,
      version: s.version,
    })
    .where(and(eq(auctions.id, s.id), lt(auctions.version, s.version)));
  if (bids.length === 0) {
    await summary;
    return;
  }
  // D1 binds at most 100 values per statement: 6 per bid row.
  const rows = bids.map((b) => ({ auctionId: s.id, userId: b.userId, bidderName: b.bidderName, amountPaise: b.amountPaise, createdAt: b.createdAt, seq: b.seq }));
  const inserts = [];
  for (let i = 0; i < rows.length; i += 15) inserts.push(db.insert(auctionBids).values(rows.slice(i, i + 15)));
  await db.batch([summary, ...inserts]);
}

/**
 * The close, in D1: the winner's order and its notice (made by `createAuctionOrder`, the one owner of auction
 * orders, at most once per auction however often the close runs), the winner on the summary row, and the
 * other bidders' notices. Returns the winner's order number, or null when nobody bid.
 */
export async function closeAuctionInD1(env: RoomEnv, s: Stored, bidderIds: number[]): Promise<string | null> {
  const d = deps(env);
  let number: string | null = null;
  if (s.leaderId !== null) {
    const [winner] = await d.db.select({ id: users.id, name: users.name, phone: users.phone, address: users.address }).from(users).where(eq(users.id, s.leaderId)).limit(1);
    if (!winner) throw new Error(`The winner of auction ${s.id} is not a user`);
    const { order } = await createAuctionOrder(d, { user: winner, auctionId: s.id, title: s.title, image: s.image, winningPaise: s.currentPricePaise, now: Date.now() });
    number = order.number;
  }
  await d.db.update(auctions).set({ winnerUserId: s.leaderId }).where(eq(auctions.id, s.id));
  if (!number || bidderIds.length > 1) await notifyBidders(env, s, bidderIds.filter((id) => id !== s.leaderId), "auction_ended");
  return number;
}

export async function notifyBidders(env: RoomEnv, s: Stored, userIds: number[], type: "auction_ended" | "auction_cancelled") {
  const d = deps(env);
  for (const userId of userIds) {
    await notify(
      d,
      type === "auction_ended"
        ? { userId, type, title: "Auction ended", message: `The auction "${s.title}" has ended at ${formatRupees(s.currentPricePaise)}. Thank you for bidding.`, auctionId: s.id }
        : { userId, type, title: "Auction cancelled", message: `The auction "${s.title}" was cancelled: ${s.cancelReason ?? ""}`, auctionId: s.id },
    );
  }
}

export async function notifyOutbid(env: RoomEnv, s: Stored, userId: number, email: boolean) {
  await notify(
    deps(env),
    {
      userId,
      type: "outbid",
      title: "You have been outbid",
      message: `Someone bid ${formatRupees(s.currentPricePaise)} on "${s.title}". Bid again at /auctions/${s.id}.`,
      auctionId: s.id,
    },
    { email },
  );
}


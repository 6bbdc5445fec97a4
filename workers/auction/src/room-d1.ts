import { and, eq, lt } from "drizzle-orm";
import { getConfig } from "../../../app/config.server";
import { getDb } from "../../../app/db/client.server";
import { auctionBids, auctions, orderItems, orders, users } from "../../../app/db/schema";
import { formatRupees } from "../../../app/lib/money";
import { notify } from "../../../app/notifications/notify.server";
import type { Stored } from "./auction-room";

export type RoomEnv = {
  DB: D1Database;
  MAIL_API_URL?: string;
  MAIL_API_KEY?: string;
  MAIL_FROM?: string;
} & Record<string, unknown>;

/** The winner has 24 hours to pay the advance. */
export const PAY_WITHIN_MS = 24 * 60 * 60_000;
export const AUCTION_ADVANCE_PAISE = 50_000;

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

function orderNumber(now: number): string {
  const d = new Date(now + 5.5 * 3_600_000);
  const yymm = `${String(d.getUTCFullYear()).slice(2)}${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
  const alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
  const bytes = crypto.getRandomValues(new Uint8Array(4));
  return `PUL-${yymm}-${Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("")}`;
}

/**
 * The close, in D1: the winner's order (payment_pending, ₹500 advance due within 24 h, at the winning price)
 * and the notices. Idempotent for the order: a retried alarm finds the order it made the first time.
 */
export async function closeAuctionInD1(env: RoomEnv, s: Stored, bidderIds: number[]): Promise<string | null> {
  const d = deps(env);
  const now = Date.now();
  let number: string | null = null;
  if (s.leaderId !== null) {
    const [existing] = await d.db
      .select({ number: orders.number })
      .from(orders)
      .where(and(eq(orders.source, "auction"), eq(orders.auctionId, s.id)))
      .limit(1);
    if (existing) {
      number = existing.number;
    } else {
      const [winner] = await d.db.select().from(users).where(eq(users.id, s.leaderId)).limit(1);
      const [first, ...rest] = (winner?.name ?? "").trim().split(/\s+/);
      number = orderNumber(now);
      const [order] = await d.db
        .insert(orders)
        .values({
          number,
          userId: s.leaderId,
          status: "payment_pending",
          paymentState: "advance_due",
          source: "auction",
          auctionId: s.id,
          estimatedTotalPaise: s.currentPricePaise,
          advancePaise: AUCTION_ADVANCE_PAISE,
          // Shipping details the profile does not hold are left empty: the pay page asks for them.
          firstName: first ?? "",
          lastName: rest.join(" "),
          phone: winner?.phone ?? "",
          address: winner?.address ?? "",
          city: "",
          state: "",
          zip: "",
          reservedUntil: now + PAY_WITHIN_MS,
        })
        .returning({ id: orders.id });
      await d.db.insert(orderItems).values({ orderId: order.id, productId: null, name: s.title, image: s.image, pricePaise: s.currentPricePaise, quantity: 1 });
      await notify(d, {
        userId: s.leaderId,
        type: "auction_won",
        title: "You won the auction!",
        message: `You won "${s.title}" at ${formatRupees(s.currentPricePaise)}. Pay the ${formatRupees(AUCTION_ADVANCE_PAISE)} advance within 24 hours at /orders/${number}/pay to confirm your order ${number}.`,
        orderId: order.id,
        orderNumber: number,
        auctionId: s.id,
      });
    }
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


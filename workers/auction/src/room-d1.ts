import { and, eq, lt } from "drizzle-orm";
import { auctionBids, auctions, users } from "../../../app/db/schema";
import type { Deps, PrimaryDeps } from "../../../app/deps";
import { withReceipt, type LogReceipt } from "../../../app/auctions/bid-log-text";
import { format } from "../../../app/i18n/format";
import { brandName, inLang } from "../../../app/i18n/lang";
import { outbidText } from "../../../app/messaging/outbid";
import { sendOutbidText } from "../../../app/messaging/outbox.server";
import { formatRupees } from "../../../app/lib/money";
import { notify, type ComposeNotice, type NoticeDeps } from "../../../app/notifications/notify.server";
import { createAuctionOrder } from "../../../app/orders/auction-order.server";
import type { Holder, Stored } from "./room-state";

export type MirrorBid = { seq: number; userId: number; bidderName: string; amountPaise: number; createdAt: number };

/**
 * Write-behind of an auction object to D1. Under load the bids waiting for D1 are written together in one
 * batch behind the one in flight, so D1 round trips do not grow with the bid rate, and the summary row is
 * always written with the newest state (with a version guard in case two writes ever cross). A failed
 * write keeps its bids for the next one. Bids waiting here are lost with the object if it stops (a crash, a
 * deploy), though stored in it: the first write of each new instance also sends every stored bid D1 lacks. A
 * bid is one row per auction and sequence number, so a bid sent twice is written once.
 */
export class D1Mirror {
  private pending: MirrorBid[] = [];
  private inFlight: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  private caughtUp = false;

  constructor(
    private deps: Pick<Deps, "db">,
    private state: () => Stored,
    private storedAfter: (seq: number) => MirrorBid[],
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
    const flush = this.withMissing(bids)
      .then((all) => mirrorToD1(this.deps, this.state(), all))
      .then(() => {
        this.caughtUp = true;
      })
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

  /** `bids`, and before its first write an instance adds the stored bids past the last one D1 holds. */
  private async withMissing(bids: MirrorBid[]): Promise<MirrorBid[]> {
    if (this.caughtUp) return bids;
    const { id } = this.state();
    const last = await this.deps.db.$client
      .prepare("SELECT coalesce(max(seq), 0) AS seq FROM auction_bids WHERE auction_id = ?")
      .bind(id)
      .first<{ seq: number }>();
    const sending = new Set(bids.map((b) => b.seq));
    return [...this.storedAfter(last?.seq ?? 0).filter((b) => !sending.has(b.seq)), ...bids].sort((a, b) => a.seq - b.seq);
  }
}

/** Writes the summary row listings read (only if this state is newer than what it holds) and the bid mirror. */
export async function mirrorToD1(deps: Pick<Deps, "db">, s: Stored, bids: MirrorBid[]) {
  const db = deps.db;
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
  const rows = bids.map((b) => ({
    auctionId: s.id,
    userId: b.userId,
    bidderName: b.bidderName,
    amountPaise: b.amountPaise,
    createdAt: b.createdAt,
    seq: b.seq,
  }));
  const inserts = [];
  for (let i = 0; i < rows.length; i += 15)
    inserts.push(
      db
        .insert(auctionBids)
        .values(rows.slice(i, i + 15))
        .onConflictDoNothing(),
    );
  await db.batch([summary, ...inserts]);
}

/**
 * The close, in D1: the winner's order and its notice (made by `createAuctionOrder`, the one owner of auction
 * orders, at most once per auction however often the close runs), the winner on the summary row, and the
 * other bidders' notices. Returns the winner's order (its number and when its time to pay ends), or null when nobody bid.
 */
export async function closeAuctionInD1(
  deps: NoticeDeps & Pick<PrimaryDeps, "db">,
  s: Stored,
  bidderIds: number[],
  /** The winner's winning entry in the bid log, named in their notice. */
  receipt: LogReceipt | null = null,
): Promise<{ number: string; reservedUntil: number } | null> {
  let won: { number: string; reservedUntil: number } | null = null;
  if (s.leaderId !== null) {
    const [winner] = await deps.db
      .select({ id: users.id, name: users.name, phone: users.phone, address: users.address, lang: users.lang })
      .from(users)
      .where(eq(users.id, s.leaderId))
      .limit(1);
    if (!winner) throw new Error(`The winner of auction ${s.id} is not a user`);
    const { order } = await createAuctionOrder(deps, {
      user: winner,
      auctionId: s.id,
      title: s.title,
      titleTe: s.titleTe,
      image: s.image,
      winningPaise: s.currentPricePaise,
      now: deps.now(),
      receipt,
    });
    won = { number: order.number, reservedUntil: order.reservedUntil ?? deps.now() };
  }
  await deps.db.update(auctions).set({ winnerUserId: s.leaderId }).where(eq(auctions.id, s.id));
  if (!won || bidderIds.length > 1)
    await notifyBidders(
      deps,
      s,
      bidderIds.filter((id) => id !== s.leaderId),
      "auction_ended",
    );
  return won;
}

/** The order of a lot offered to `holder` (made once however often this runs: one order per bidder per auction). */
export async function offerLotInD1(deps: NoticeDeps & Pick<PrimaryDeps, "db">, s: Stored, holder: Holder): Promise<string | null> {
  if (holder.userId === null) return null;
  const [user] = await deps.db
    .select({ id: users.id, name: users.name, phone: users.phone, address: users.address, lang: users.lang })
    .from(users)
    .where(eq(users.id, holder.userId))
    .limit(1);
  if (!user) return null;
  const { order } = await createAuctionOrder(deps, {
    user,
    auctionId: s.id,
    title: s.title,
    titleTe: s.titleTe,
    image: s.image,
    winningPaise: holder.amountPaise,
    now: holder.at,
    offer: true,
  });
  return order.number;
}

/** The other bidders' notice that the auction ended or was cancelled, each in their own language. */
export async function notifyBidders(deps: NoticeDeps, s: Stored, userIds: number[], type: "auction_ended" | "auction_cancelled") {
  const words: ComposeNotice = ({ auction: m }, lang) => {
    const values = { title: inLang(s.title, s.titleTe, lang), price: formatRupees(s.currentPricePaise), reason: s.cancelReason ?? "" };
    return type === "auction_ended"
      ? { title: m.endedTitle, message: format(m.ended, values) }
      : { title: m.cancelledTitle, message: format(m.cancelled, values) };
  };
  for (const userId of userIds) await notify(deps, { userId, type, words, auctionId: s.id });
}

export async function notifyOutbid(
  deps: NoticeDeps,
  s: Stored,
  userId: number,
  email: boolean,
  /** The outbid bidder's own last entry in the bid log: their receipt for the bid that was beaten. */
  receipt: LogReceipt | null,
  /** Also a text message (the bidder asked for one on the watch form), through the SMS outbox. */
  text = false,
) {
  if (text) {
    const [user] = await deps.db.select({ phone: users.phone, lang: users.lang }).from(users).where(eq(users.id, userId)).limit(1);
    if (user) {
      const body = outbidText(
        {
          brand: brandName(deps.config, user.lang),
          title: inLang(s.title, s.titleTe, user.lang),
          pricePaise: s.currentPricePaise,
          auctionId: s.id,
          base: deps.origin || deps.config.siteUrl || null,
        },
        user.lang,
      );
      await sendOutbidText(deps, { userId, auctionId: s.id, phone: user.phone, text: body });
    }
  }
  await notify(
    deps,
    {
      userId,
      type: "outbid",
      words: ({ auction: m }, lang) => ({
        title: m.outbidTitle,
        message: withReceipt(format(m.outbid, { price: formatRupees(s.currentPricePaise), title: inLang(s.title, s.titleTe, lang) }), receipt, m),
      }),
      auctionId: s.id,
    },
    { email },
  );
}

/** The one reminder before an auction's end, in the recipient's language, in the bell and by e-mail. */
export async function notifyReminder(deps: NoticeDeps, s: Stored, userId: number, now: number) {
  const minutes = String(Math.max(1, Math.round((s.endTime - now) / 60_000)));
  await notify(deps, {
    userId,
    type: "auction_reminder",
    words: ({ auction: m }, lang) => ({
      title: m.reminderTitle,
      message: format(m.reminder, { title: inLang(s.title, s.titleTe, lang), minutes, price: formatRupees(s.currentPricePaise) }),
    }),
    auctionId: s.id,
  });
}

import { DurableObject } from "cloudflare:workers";
import { RECENT_BIDS, type AuctionChange, type AuctionView } from "../../../app/auctions/auction";
import type { AuctionRow } from "../../../app/db/schema";
import { createDeps } from "../../../app/deps.server";
import { paiseToRupees } from "../../../app/lib/money";
import { isTakingBids, minimumNextBid, openingState, placeBid, refusal, BID_MESSAGES, type Bidder, type BidRefusal, type HistoryBid } from "./bid-rules";
import { LOG_FORMAT, logRules, type PublishedLog } from "./bid-log";
import { toAuctionJson, toBidJson } from "./listing";
import { closeAuctionInD1, D1Mirror, notifyBidders, notifyOutbid, notifyReminder, offerLotInD1 } from "./room-d1";
import type { CreateInput, Holder, RoomEnv, Stored } from "./room-state";
import { RoomLog, type LogItem, type Ranked } from "./room-log";
import { AUCTION_PAY_MS } from "../../../app/orders/rules";
import { cancelUnpaidLotOrder, lapseUnpaidLotOrder, lotOrderOutcome, tellOfferEnded } from "../../../app/orders/lot-offers.server";
import { RoomStorage, yourBids, type RecentBid } from "./room-storage";
import { RoomWatchers, type Viewer } from "./room-watchers";

export type BidOutcome = { ok: true; message: string; auction: AuctionView } | BidRefusal;

/**
 * One object per auction (idFromName(String(id))): the single source of truth for its price, end time, bids
 * and status. Each bid is decided by the pure rules and persisted to the object's SQLite storage in the same
 * synchronous step, so no await can interleave two bids; the D1 summary and bid mirror follow in order
 * (version-guarded), watchers get the new state over hibernatable WebSockets, and an alarm closes it once.
 */
export class AuctionRoom extends DurableObject<RoomEnv> {
  private state: Stored | null = null;
  private bidders = new Set<number>();
  /** Built once per object: an alarm, a bid or a cancel has no request of its own. */
  private deps = createDeps(this.env);
  private mirror: D1Mirror;
  private closing: Promise<void> | null = null;
  private reminding: Promise<void> | null = null;
  /** The second chance's steps run one after another: an alarm and the admin's stop never interleave. */
  private offering: Promise<unknown> = Promise.resolve();
  private storage: RoomStorage;
  private log: RoomLog;
  private watchers = new RoomWatchers(this.ctx);

  constructor(ctx: DurableObjectState, env: RoomEnv) {
    super(ctx, env);
    this.storage = new RoomStorage(ctx.storage.sql);
    this.log = new RoomLog(ctx.storage.sql);
    this.mirror = new D1Mirror(
      this.deps,
      () => this.state!,
      (seq) => this.storage.bidsAfter(seq),
    );
    this.state = this.storage.loadState();
    for (const id of this.storage.bidderIds()) this.bidders.add(id);
    if (this.state) this.beginLog();
  }

  /** An auction's log starts with it; one whose bids predate the log starts with them (see RoomLog.begin). */
  private beginLog() {
    const s = this.stored();
    this.log.begin(s, logRules(s, this.deps.config.softClose), () => this.storage.allBids());
  }

  private save(state: Stored) {
    this.state = state;
    this.storage.saveState(state);
  }

  /** Creates the auction the admin just added to D1; a repeated call leaves it as it is (rows that predate the object use `adopt`). */
  async create(input: CreateInput): Promise<AuctionView> {
    if (!this.state) {
      await this.init(input);
      await this.mirror.sync([]);
    }
    return this.view(null);
  }

  private async init(input: CreateInput) {
    this.save({
      ...openingState(input),
      title: input.title,
      titleTe: input.titleTe ?? null,
      description: input.description,
      image: input.image,
      sellerName: input.sellerName,
      cancelReason: null,
      finalized: false,
      winnerUserId: null,
      orderNumber: null,
    });
    this.beginLog();
    await this.ctx.storage.setAlarm(this.alarmAt(this.stored()));
  }

  /**
   * The object's next alarm: the one reminder before the end while it is due (moving with the end), a retry a
   * minute on while some of it is left unsent, else the end (the close, then the second chance's own deadlines).
   */
  private alarmAt(s: Stored): number {
    if (s.status !== "active") return s.endTime;
    if (s.remindedAt === undefined) return s.endTime - this.deps.config.auctionReminderMs;
    if (this.storage.unsentReminders().length > 0) return Math.min(s.endTime, this.deps.now() + 60_000);
    return s.endTime;
  }

  async adopt(row: AuctionRow): Promise<void> {
    if (this.state) {
      // An object made before auctions had Telugu titles learns its title from the row, for its notices.
      if (this.state.titleTe === undefined) this.save({ ...this.state, titleTe: row.titleTe });
      return;
    }
    await this.init({
      id: row.id,
      title: row.title,
      titleTe: row.titleTe,
      description: row.description,
      image: row.productImage,
      sellerName: row.sellerName,
      sellerUserId: row.sellerUserId,
      startPricePaise: row.startPricePaise,
      incrementPaise: row.minIncrementPaise,
      startTime: row.startTime ?? row.createdAt,
      endTime: row.endTime,
    });
    const created = this.state as Stored | null;
    if (!created) return;
    // A row that predates the object (seed data) keeps its price and its bid history.
    const { results } = await this.deps.db.$client
      .prepare("SELECT bidder_name, amount_paise, created_at FROM auction_bids WHERE auction_id = ? ORDER BY created_at, id")
      .bind(row.id)
      .all<{ bidder_name: string; amount_paise: number; created_at: number }>();
    this.storage.adoptBids(results);
    this.save({
      ...created,
      currentPricePaise: row.currentPricePaise,
      bidCount: Math.max(row.bidCount, results.length),
      status: row.status,
      finalized: row.status !== "active",
      version: Math.max(created.version, row.version + 1),
    });
    this.beginLog();
    if (row.status !== "active") await this.ctx.storage.deleteAlarm();
    await this.mirror.sync([]);
  }

  view(viewer: Viewer): AuctionView {
    const s = this.stored();
    const recent = this.recentBids();
    return {
      ...toAuctionJson(
        s,
        recent.map((b) => this.bidJson(b)),
      ),
      start_time: new Date(s.startTime).toISOString(),
      min_increment: paiseToRupees(s.incrementPaise),
      ...this.changing(recent, viewer),
      receipts: viewer === null ? [] : this.log.receipts(viewer),
      watching: viewer !== null && this.storage.isWatching(viewer),
      outbid_texts: viewer !== null && this.storage.wantsOutbidTexts(viewer),
      scheduled_end_time: new Date(s.scheduledEndTime).toISOString(),
      extension_ms: this.log.rules()?.soft_close_window_ms ?? this.deps.config.softClose.windowMs,
    };
  }

  /**
   * A signed-in user starts or stops watching, texted when outbid if they ask (`texts`); only an auction that has
   * not ended can be started watching.
   */
  async setWatching(userId: number, watch: boolean, texts = false): Promise<{ ok: true; watching: boolean; texts: boolean } | { ok: false; error: string }> {
    const s = this.state;
    if (!s || s.status === "cancelled") return { ok: false, error: "Auction not found" };
    if (watch && (s.status !== "active" || this.deps.now() >= s.endTime)) return { ok: false, error: "This auction has ended" };
    this.storage.setWatching(userId, watch, texts);
    return { ok: true, watching: watch, texts: watch && texts };
  }

  /** The view once every entry so far is hashed (its head and receipts complete). */
  async sealedView(viewer: Viewer): Promise<AuctionView> {
    await this.log.seal(this.stored().id);
    return this.view(viewer);
  }

  /** The log: its rules and head always; its entries once the auction is over (a proxy maximum is secret until then). */
  async publishedLog(): Promise<PublishedLog> {
    const s = this.stored();
    await this.log.seal(s.id);
    const published = s.status !== "active";
    return {
      format: LOG_FORMAT,
      auction_id: s.id,
      status: s.status,
      published,
      rules: this.log.rules()!,
      head: this.log.head(),
      start: published ? this.log.start() : null,
      entries: published ? this.log.entries() : [],
    };
  }

  private stored(): Stored {
    if (!this.state) throw new Error("auction room used before it was created");
    return this.state;
  }

  /** The fields a bid, a close or a cancel can change, as `viewer` sees them. */
  private changing(recent: RecentBid[], viewer: Viewer): AuctionChange["auction"] {
    const s = this.stored();
    const { current_price, end_time, status, bid_count } = toAuctionJson(s, []);
    return {
      current_price,
      end_time,
      status,
      bid_count,
      min_next_bid: paiseToRupees(minimumNextBid(s)),
      version: s.version,
      your_bids: yourBids(recent, viewer),
      you: this.standing(viewer),
      cancel_reason: s.cancelReason,
      order_number: viewer === null ? null : viewer === s.winnerUserId ? (this.winnerLapsed() ? null : s.orderNumber) : this.offeredOrder(viewer),
      log_head: this.log.head(),
      winner: s.status === "ended" && s.winnerUserId !== null ? this.log.pseudonymOf({ userId: s.winnerUserId }) : null,
    };
  }

  private recentBids() {
    return this.storage.recentBids(RECENT_BIDS);
  }

  /**
   * A bid as the page shows it: by the bidder's name while the auction runs, by their pseudonym in the bid log
   * once it is over, so a closed auction's public page names nobody (the log names them the same way).
   */
  private bidJson(b: RecentBid) {
    const over = this.stored().status !== "active";
    const name = !over ? b.bidder_name : this.log.pseudonymOf(b.user_id > 0 ? { userId: b.user_id } : { name: b.bidder_name });
    return toBidJson(b.seq, name, b.amount_paise, b.created_at);
  }

  /**
   * Whether the winner's 24 hours ran out unpaid: the lot then went to another holder, or to nobody. Objects closed
   * before the second chance (no holder kept) never lapse.
   */
  private winnerLapsed(): boolean {
    const s = this.stored();
    return s.status === "ended" && s.orderNumber !== null && s.holder !== undefined && s.holder?.fromOffer !== false;
  }

  private standing(viewer: Viewer): AuctionView["you"] {
    // A cancelled auction has no leader and no loser: nobody stands anywhere in it.
    if (viewer === null || !this.state || this.state.status === "cancelled") return null;
    const ended = this.state.status === "ended";
    if (this.state.leaderId === viewer) return !ended ? "leading" : this.winnerLapsed() ? "lapsed" : "won";
    if (!this.bidders.has(viewer)) return null;
    if (!ended) return "outbid";
    return this.offerLapsed(viewer) ? "lapsed" : "lost";
  }

  /**
   * Whether the lot was offered to `viewer` after the winner and their 24 hours ran out too: offered, no longer
   * holding it, and not the offer the admin stopped (the last one offered when the offers were stopped).
   */
  private offerLapsed(viewer: number): boolean {
    const s = this.stored();
    const offered = s.offered ?? [];
    const me = this.log.pseudonymOf({ userId: viewer });
    const at = offered.indexOf(me);
    if (at < 1 || s.holder?.pseudonym === me) return false;
    return !(s.offers === "stopped" && at === offered.length - 1);
  }

  async bid(bidder: Bidder | null, amountPaise: number, maxPaise: number | null): Promise<BidOutcome> {
    const before = this.state;
    if (!before) return refusal("notFound", "not_found");
    const now = this.deps.now();
    const result = placeBid(before, bidder, amountPaise, maxPaise, now, this.deps.config.softClose);
    if (!result.ok) return result;
    // Everything below up to the first await is one synchronous, atomic step of the object's storage.
    const next: Stored = { ...before, ...result.state };
    const mirrored = this.storage.appendBids(result.history, now);
    this.log.append(bidEntries(bidder!.id, amountPaise, maxPaise, result.history, now));
    for (const h of result.history) this.bidders.add(h.userId);
    this.save(next);
    const news = this.newBids(mirrored.length);
    if (next.endTime !== before.endTime) await this.ctx.storage.setAlarm(this.alarmAt(next));
    // Watchers are sent the new head: what they are sent was taken above, so a bid in between changes nothing.
    await this.log.seal(next.id);
    this.broadcast(news);
    if (result.outbidUserId !== null) this.queueOutbid(result.outbidUserId, next, now);
    // The bid stands once stored here; a failed D1 write is retried with the next one.
    await this.mirror.sync(mirrored).catch((error) => console.error("auction D1 mirror failed", error));
    return { ok: true, message: BID_MESSAGES.success, auction: this.view(bidder?.id ?? null) };
  }

  /** The bidder's latest hashed entry in the log (a bid or a proxy bid for them): the receipt their notices name. */
  private lastReceipt(userId: number) {
    return this.log.receipts(userId).at(-1) ?? null;
  }

  /** Outbid notices: in-app always, the e-mail (and the text, if asked for) at most once per auction per 10 minutes per bidder. */
  private queueOutbid(userId: number, state: Stored, now: number) {
    // The text goes with the e-mail, as often: at most once per auction per 10 minutes per bidder.
    const email = this.storage.claimOutbidMail(userId, now);
    const text = email && this.storage.wantsOutbidTexts(userId);
    this.ctx.waitUntil(
      notifyOutbid(this.deps, state, userId, email, this.lastReceipt(userId), text).catch((error) => console.error("outbid notice failed", error)),
    );
  }

  async cancel(reason: string): Promise<{ ok: boolean; error?: string }> {
    const s = this.state;
    if (!s) return { ok: false, error: "Auction not found" };
    if (s.status !== "active") return { ok: false, error: "Only a live auction can be cancelled" };
    const next: Stored = { ...s, status: "cancelled", cancelReason: reason, version: s.version + 1, finalized: true };
    this.save(next);
    this.log.append([{ kind: "cancel", bidder: null, amountPaise: 0, maxPaise: 0, time: this.deps.now() }]);
    await this.ctx.storage.deleteAlarm();
    await this.log.seal(s.id);
    this.broadcast(RENAMED);
    await this.mirror.sync([]);
    await notifyBidders(this.deps, next, [...this.bidders], "auction_cancelled");
    return { ok: true };
  }

  /** The order of the lot offered to `viewer`, while the offer stands. */
  private offeredOrder(viewer: number): string | null {
    const h = this.state?.holder;
    return h && h.fromOffer && h.userId === viewer ? h.orderNumber : null;
  }

  /**
   * Closes the auction at its end, then runs the second chance at each holder's deadline. Safe to run twice, or
   * while a bid is in flight: it closes exactly once.
   */
  async alarm() {
    if (!this.reminding) this.reminding = this.remind().finally(() => (this.reminding = null));
    await this.reminding;
    if (!this.closing) this.closing = this.close().finally(() => (this.closing = null));
    await this.closing;
    await this.serially(() => this.secondChance());
  }

  /**
   * The one reminder before the end, to every bidder and watcher: claimed (with its recipients) in one synchronous
   * step, so a second alarm, a soft close moving the end or a restart never sends it again; each recipient is
   * marked once sent, so a restart in the middle sends only to those left. Nothing is sent once the end has come.
   */
  private async remind() {
    const s = this.state;
    if (!s || s.status !== "active") return;
    const now = this.deps.now();
    if (now >= s.endTime) return;
    if (s.remindedAt === undefined) {
      if (now < s.endTime - this.deps.config.auctionReminderMs) return;
      this.storage.claimReminders([...this.bidders]);
      this.save({ ...s, remindedAt: now });
    }
    for (const userId of this.storage.unsentReminders()) {
      const sent = await notifyReminder(this.deps, this.stored(), userId, now).then(
        () => true,
        (error) => console.error("auction reminder failed", error),
      );
      if (sent) this.storage.markReminderSent(userId);
    }
  }

  /**
   * Looks at the lot's order now, not at the holder's deadline: the scheduled job prompts this once the order
   * ended unpaid (expired or cancelled), so the lot is offered on at once. An order still waiting changes nothing.
   */
  async checkOffers(): Promise<void> {
    await this.serially(() => this.secondChance());
  }

  private serially<T>(step: () => Promise<T>): Promise<T> {
    const run = this.offering.then(step);
    this.offering = run.catch(() => undefined);
    return run;
  }

  /**
   * The second chance: when the lot's holder has not paid by their deadline, their order ends unpaid (`lapse`),
   * and the lot is offered to the next highest distinct bidder at their own highest amount (`offer`), with the
   * same 24 hours; then the next, until nobody is left. Each step is appended to the log before anything is
   * written to D1, and the D1 writes are idempotent, so a step the object stopped in the middle of is finished by
   * the next alarm. A payment that settles before the lapse wins: the lot is sold and no more offers are made.
   */
  private async secondChance() {
    const s = this.state;
    if (!s || s.status !== "ended" || !s.finalized || s.offers !== "open" || !s.holder) return;
    let holder = s.holder;
    if (holder.orderNumber === null) holder = await this.makeOfferOrder(holder);
    const now = this.deps.now();
    // Before the deadline the order may still have ended already (expired by the store's own clock, or cancelled):
    // the database says so, and the lot moves on now; an order still waiting keeps its holder until the deadline.
    const early = now < holder.deadline;
    const outcome = early ? await lotOrderOutcome(this.deps, holder.orderNumber ?? "") : await lapseUnpaidLotOrder(this.deps, holder.orderNumber ?? "", now);
    if (outcome === "waiting") {
      // After the deadline the order's own is later than the object's (never by design): look again a minute on.
      await this.ctx.storage.setAlarm(early ? holder.deadline : now + 60_000);
      return;
    }
    if (outcome === "paid") {
      this.save({ ...this.stored(), offers: "done" });
      return;
    }
    // Everything up to the first await is one synchronous step: the lapse, the offers and the new holder.
    const offered = new Set(s.offered ?? []);
    const items: LogItem[] = [{ kind: "lapse", bidder: asRanked(holder), amountPaise: holder.amountPaise, maxPaise: 0, time: now }];
    const ranking = this.log.ranking().filter((r) => !offered.has(r.pseudonym));
    let next: Ranked | undefined;
    for (const r of ranking) {
      offered.add(r.pseudonym);
      items.push({ kind: "offer", bidder: r, amountPaise: r.amountPaise, maxPaise: 0, time: now });
      if (r.userId !== null) {
        next = r;
        break;
      }
      // A bidder known by name only (bids adopted from before accounts) cannot be sent an order: theirs lapses at once.
      items.push({ kind: "lapse", bidder: r, amountPaise: r.amountPaise, maxPaise: 0, time: now });
    }
    const nextHolder: Holder | null = next
      ? {
          pseudonym: next.pseudonym,
          userId: next.userId,
          amountPaise: next.amountPaise,
          orderNumber: null,
          at: now,
          deadline: now + AUCTION_PAY_MS,
          fromOffer: true,
        }
      : null;
    this.log.append(items);
    this.save({ ...this.stored(), holder: nextHolder, offers: nextHolder ? "open" : "done", offered: [...offered], version: this.stored().version + 1 });
    await this.log.seal(s.id);
    await this.tellHolderEnded(s, holder, "lapsed");
    if (nextHolder) {
      const made = await this.makeOfferOrder(nextHolder);
      await this.ctx.storage.setAlarm(made.deadline);
    }
    this.broadcast();
  }

  /** The lot's holder whose turn ended (their time ran out, or the admin stopped the offers) is told, if they have an order to name. */
  private async tellHolderEnded(s: { id: number; title: string; titleTe?: string | null }, holder: Holder, why: "lapsed" | "stopped") {
    if (holder.userId === null || !holder.orderNumber) return;
    await tellOfferEnded(this.deps, { userId: holder.userId, number: holder.orderNumber, auctionId: s.id, title: s.title, titleTe: s.titleTe, why });
  }

  /** The offered holder's order (made once: one per bidder per auction); a holder who cannot have one lapses at the next alarm. */
  private async makeOfferOrder(holder: Holder): Promise<Holder> {
    const number = await offerLotInD1(this.deps, this.stored(), holder);
    const made: Holder = number === null ? { ...holder, orderNumber: "", deadline: holder.at } : { ...holder, orderNumber: number };
    // Only if the object still holds this offer (nothing replaced it meanwhile).
    if (this.stored().holder?.pseudonym === holder.pseudonym) this.save({ ...this.stored(), holder: made });
    return made;
  }

  /**
   * The admin stops offering a closed lot: the live offer's unpaid order is cancelled and nobody else is offered
   * it. Only an offer (not the winner's own 24 hours) can be stopped. A payment settling at the same moment and
   * the stop decide on the order's one guarded status change: exactly one of them happens.
   */
  async stopOffers(): Promise<{ ok: true } | { ok: false; error: string }> {
    return this.serially(async () => {
      const s = this.state;
      const holder = s?.holder;
      if (!s || s.status !== "ended" || s.offers !== "open" || !holder || !holder.fromOffer)
        return { ok: false as const, error: "No offer of this lot is waiting for its advance" };
      const now = this.deps.now();
      const outcome = holder.orderNumber ? await cancelUnpaidLotOrder(this.deps, holder.orderNumber, "The store stopped offering this lot", now) : "lapsed";
      if (outcome !== "lapsed") {
        if (outcome === "paid") this.save({ ...this.stored(), offers: "done" });
        return { ok: false as const, error: "The advance was paid first: the lot is sold" };
      }
      this.log.append([{ kind: "stop", bidder: asRanked(holder), amountPaise: 0, maxPaise: 0, time: now }]);
      this.save({ ...this.stored(), holder: null, offers: "stopped", version: this.stored().version + 1 });
      await this.ctx.storage.deleteAlarm();
      await this.log.seal(s.id);
      await this.tellHolderEnded(s, holder, "stopped");
      this.broadcast();
      return { ok: true as const };
    });
  }

  private async close() {
    const s = this.state;
    if (!s) return;
    if (s.status === "active") {
      if (this.deps.now() < s.endTime) {
        await this.ctx.storage.setAlarm(this.alarmAt(s));
        return;
      }
      this.save({ ...s, status: "ended", winnerUserId: s.leaderId, version: s.version + 1 });
      const winner = s.leaderId;
      this.log.append([
        {
          kind: "close",
          bidder: winner === null ? null : { userId: winner },
          amountPaise: winner === null ? 0 : s.currentPricePaise,
          maxPaise: 0,
          time: this.deps.now(),
        },
      ]);
      await this.log.seal(s.id);
      this.broadcast(RENAMED);
    }
    const ended = this.state!;
    if (ended.status !== "ended" || ended.finalized) return;
    await this.mirror.sync([]);
    // The winner's notice names their winning entry: every entry up to the close is hashed first.
    await this.log.seal(ended.id);
    const receipt = ended.leaderId === null ? null : this.lastReceipt(ended.leaderId);
    // A failure here throws, and the runtime retries the alarm; the order insert is idempotent.
    const won = await closeAuctionInD1(this.deps, ended, [...this.bidders], receipt);
    const winner = ended.leaderId;
    // The winner holds the lot for their 24 hours; the alarm then runs the second chance.
    const holder: Holder | null =
      won && winner !== null
        ? {
            pseudonym: this.log.pseudonymOf({ userId: winner }),
            userId: winner,
            amountPaise: ended.currentPricePaise,
            orderNumber: won.number,
            at: won.reservedUntil - AUCTION_PAY_MS,
            deadline: won.reservedUntil,
            fromOffer: false,
          }
        : null;
    this.save({
      ...this.state!,
      finalized: true,
      orderNumber: won?.number ?? null,
      holder,
      offers: holder ? "open" : "done",
      offered: holder ? [holder.pseudonym] : [],
    });
    if (holder) await this.ctx.storage.setAlarm(holder.deadline);
    this.broadcast();
  }

  /** Test hook: the object's state as stored. */
  async inspect(): Promise<Stored | null> {
    return this.state;
  }

  isLive(): boolean {
    return this.state !== null && isTakingBids(this.state, this.deps.now());
  }

  async fetch(request: Request): Promise<Response> {
    if (!this.state) return Response.json({ success: false, error: "Auction not found" }, { status: 404 });
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return new Response("Expected a WebSocket upgrade", { status: 426 });
    return this.watchers.accept(new URL(request.url).searchParams.get("uid"), this.state.version, (viewer) => this.view(viewer));
  }

  /**
   * Each watcher gets what changed, with its own standing and its own bids marked; equal messages are serialized
   * once. `after` and `newBids` are the bids a change added, taken when it was made.
   */
  private newBids(added: number) {
    const recent = this.recentBids();
    return { after: recent[added]?.seq ?? 0, newBids: recent.slice(0, added).map((b) => this.bidJson(b)) };
  }

  private broadcast({ after, newBids } = this.newBids(0)) {
    const recent = this.recentBids();
    const winnerId = this.stored().winnerUserId;
    this.watchers.broadcast((viewer) => {
      const you = this.standing(viewer);
      const winner = viewer !== null && (viewer === winnerId || this.offeredOrder(viewer) !== null);
      const yours = yourBids(recent, viewer).length > 0;
      return {
        key: `${you}|${winner}|${yours ? viewer : ""}`,
        message: (): AuctionChange => ({ after, new_bids: newBids, auction: this.changing(recent, viewer) }),
      };
    });
  }

  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer) {
    if (this.state) this.watchers.resync(ws, message, this.state.version, (viewer) => this.view(viewer), this.deps.now());
  }

  async webSocketClose(ws: WebSocket, code: number) {
    ws.close(code === 1005 || code === 1006 ? 1000 : code, "closing");
  }

  async webSocketError(ws: WebSocket) {
    ws.close(1011, "error");
  }
}

/**
 * A placed bid's log entries: the bid as sent (its maximum kept secret until the close), then each proxy bid the
 * rules made with it, for the bidder or for the leader.
 */
function bidEntries(bidderId: number, amountPaise: number, maxPaise: number | null, history: HistoryBid[], now: number): LogItem[] {
  return [
    { kind: "bid", bidder: { userId: bidderId }, amountPaise, maxPaise: maxPaise ?? amountPaise, time: now },
    ...history
      .filter((h) => h.proxy)
      .map((h): LogItem => ({ kind: "proxy", bidder: { userId: h.userId }, amountPaise: h.amountPaise, maxPaise: 0, time: now })),
  ];
}

/** The close or cancel renames every bid shown (by pseudonym): watchers are made to ask for the whole state again. */
const RENAMED = { after: -1, newBids: [] };

/** A holder as the log names them. */
const asRanked = (h: Holder): Ranked => ({ pseudonym: h.pseudonym, userId: h.userId, amountPaise: h.amountPaise });

import {
  canonicalEntry,
  canonicalRules,
  newNonce,
  rankBidders,
  sha256Hex,
  type LogEntry,
  type LogHead,
  type LogKind,
  type LogRules,
  type LogStart,
} from "./bid-log";
import type { RoomState } from "./bid-rules";
import { pseudonym } from "./pseudonym";

/** What the object appends: the account (null for a cancel, a close without a winner, or a bid from before accounts) and the rest. */
export type LogItem = { kind: LogKind; bidder: BidderKey | Ranked | null; amountPaise: number; maxPaise: number; time: number };

/** A bidder as the log already names them, with their account (null for one adopted by name only) and highest amount. */
export type Ranked = { pseudonym: string; userId: number | null; amountPaise: number };

/** Who a pseudonym stands for: an account, or a name only (bids adopted from rows that predate the object). */
export type BidderKey = { userId: number } | { name: string };

/** A bidder's own entry, as their receipt shows it. */
export type Receipt = { seq: number; kind: LogKind; amount_paise: number; time: number; hash: string };

/** A bid row the object stored before its log existed. */
export type EarlierBid = { user_id: number; bidder_name: string; amount_paise: number; proxy: number; created_at: number };

type Row = Omit<LogEntry, "prev" | "hash"> & { prev: string | null; hash: string | null };

const keyOf = (b: BidderKey) => ("userId" in b ? `u:${b.userId}` : `n:${b.name}`);

/**
 * The auction object's bid log in its own SQLite storage. Entries are appended synchronously, in the same step
 * as the bid, close or cancel they record (so the order is the object's order); their hashes follow in `seal`,
 * since Web Crypto only answers asynchronously. A hash depends on nothing but its entry and the one before, so an
 * entry left unsealed by a restart is sealed by the next instance with the same result. Each entry is hashed once.
 */
export class RoomLog {
  private sealing: Promise<void> = Promise.resolve();
  private genesis: string | null = null;

  constructor(private sql: SqlStorage) {
    sql.exec(
      "CREATE TABLE IF NOT EXISTS log (seq INTEGER PRIMARY KEY, kind TEXT NOT NULL, bidder TEXT NOT NULL, user_id INTEGER, amount_paise INTEGER NOT NULL, max_paise INTEGER NOT NULL, time INTEGER NOT NULL, nonce TEXT NOT NULL, prev TEXT, hash TEXT)",
    );
    sql.exec("CREATE TABLE IF NOT EXISTS pseudonyms (key TEXT PRIMARY KEY, n INTEGER NOT NULL UNIQUE)");
    sql.exec("CREATE TABLE IF NOT EXISTS log_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
  }

  private meta<T>(key: string): T | null {
    const row = this.sql.exec<{ value: string }>("SELECT value FROM log_meta WHERE key = ?", key).toArray()[0];
    return row ? (JSON.parse(row.value) as T) : null;
  }

  private setMeta(key: string, value: unknown) {
    this.sql.exec("INSERT INTO log_meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO NOTHING", key, JSON.stringify(value));
  }

  rules(): LogRules | null {
    return this.meta<LogRules>("rules");
  }

  start(): LogStart | null {
    return this.meta<LogStart>("start");
  }

  /** This bidder's pseudonym in this auction: the next number the first time they appear, the same ever after. */
  pseudonymOf(bidder: BidderKey): string {
    const key = keyOf(bidder);
    const known = this.sql.exec<{ n: number }>("SELECT n FROM pseudonyms WHERE key = ?", key).toArray()[0];
    if (known) return pseudonym(known.n);
    const { n } = this.sql.exec<{ n: number }>("INSERT INTO pseudonyms (key, n) SELECT ?, coalesce(max(n), 0) + 1 FROM pseudonyms RETURNING n", key).one();
    return pseudonym(n);
  }

  private lastSeq(): number {
    return this.sql.exec<{ seq: number | null }>("SELECT max(seq) AS seq FROM log").one().seq ?? 0;
  }

  append(items: LogItem[]) {
    let seq = this.lastSeq();
    for (const item of items) {
      seq += 1;
      this.sql.exec(
        "INSERT INTO log (seq, kind, bidder, user_id, amount_paise, max_paise, time, nonce) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        seq,
        item.kind,
        !item.bidder ? "" : "pseudonym" in item.bidder ? item.bidder.pseudonym : this.pseudonymOf(item.bidder),
        item.bidder && "userId" in item.bidder ? item.bidder.userId : null,
        item.amountPaise,
        item.maxPaise,
        item.time,
        newNonce(),
      );
    }
  }

  /**
   * Starts the log of an auction (idempotent): records its rules, and for an auction whose bids predate the log,
   * appends them in order, then its close or cancel if it is already over, noting where the replay starts.
   */
  begin(state: RoomState & { status: string; winnerUserId?: number | null }, rules: LogRules, stored: () => EarlierBid[]) {
    this.setMeta("rules", rules);
    if (this.lastSeq() > 0) return;
    const earlier = stored();
    if (earlier.length === 0 && state.status === "active") return;
    const key = (b: EarlierBid): BidderKey => (b.user_id > 0 ? { userId: b.user_id } : { name: b.bidder_name });
    this.append(earlier.map((b) => ({ kind: b.proxy ? "proxy" : "bid", bidder: key(b), amountPaise: b.amount_paise, maxPaise: 0, time: b.created_at })));
    const lastBidAt: Record<string, number> = {};
    for (const [id, at] of Object.entries(state.lastBidAt)) lastBidAt[this.pseudonymOf({ userId: Number(id) })] = at;
    this.setMeta("start", {
      after_seq: earlier.length,
      price_paise: state.currentPricePaise,
      bid_count: state.bidCount,
      leader: state.leaderId === null ? null : this.pseudonymOf({ userId: state.leaderId }),
      leader_max_paise: state.leaderMaxPaise,
      end_time: state.endTime,
      last_bid_at: lastBidAt,
    } satisfies LogStart);
    if (state.status === "cancelled") this.append([{ kind: "cancel", bidder: null, amountPaise: 0, maxPaise: 0, time: state.endTime }]);
    else if (state.status === "ended") {
      const winner = state.leaderId;
      this.append([
        {
          kind: "close",
          bidder: winner === null ? null : { userId: winner },
          amountPaise: winner === null ? 0 : state.currentPricePaise,
          maxPaise: 0,
          time: state.endTime,
        },
      ]);
    }
  }

  /** Hashes every entry not yet hashed, in order; calls queue behind each other, so each entry is hashed once. */
  seal(auctionId: number): Promise<void> {
    const run = this.sealing.then(() => this.sealPending(auctionId));
    this.sealing = run.catch(() => undefined);
    return run;
  }

  private async sealPending(auctionId: number) {
    for (;;) {
      const row = this.sql
        .exec<Row>("SELECT seq, kind, bidder, amount_paise, max_paise, time, nonce FROM log WHERE hash IS NULL ORDER BY seq LIMIT 1")
        .toArray()[0];
      if (!row) return;
      const prev = row.seq === 1 ? await this.genesisHash() : this.sql.exec<{ hash: string }>("SELECT hash FROM log WHERE seq = ?", row.seq - 1).one().hash;
      const hash = await sha256Hex(canonicalEntry(auctionId, { ...row, prev }));
      this.sql.exec("UPDATE log SET prev = ?, hash = ? WHERE seq = ? AND hash IS NULL", prev, hash, row.seq);
    }
  }

  private async genesisHash() {
    const rules = this.rules();
    if (!rules) throw new Error("bid log without rules");
    this.genesis ??= await sha256Hex(canonicalRules(rules));
    return this.genesis;
  }

  /** The last hashed entry. */
  head(): LogHead | null {
    return this.sql.exec<LogHead>("SELECT seq, hash FROM log WHERE hash IS NOT NULL ORDER BY seq DESC LIMIT 1").toArray()[0] ?? null;
  }

  receipts(userId: number): Receipt[] {
    return this.sql
      .exec<Receipt>(
        "SELECT seq, kind, amount_paise, time, hash FROM log WHERE user_id = ? AND hash IS NOT NULL AND kind IN ('bid', 'proxy') ORDER BY seq",
        userId,
      )
      .toArray();
  }

  /** The bidders in the order a lot goes to them after its winner (rankBidders), each with their account. */
  ranking(): Ranked[] {
    const rows = this.sql
      .exec<{ seq: number; kind: LogKind; bidder: string; user_id: number | null; amount_paise: number }>(
        "SELECT seq, kind, bidder, user_id, amount_paise FROM log WHERE kind IN ('bid', 'proxy') ORDER BY seq",
      )
      .toArray();
    const accounts = new Map(rows.map((r) => [r.bidder, r.user_id]));
    return rankBidders(rows).map((r) => ({ pseudonym: r.bidder, userId: accounts.get(r.bidder) ?? null, amountPaise: r.amount_paise }));
  }

  /** Every hashed entry, in order (call after `seal` for all of them). */
  entries(): LogEntry[] {
    return this.sql
      .exec<LogEntry>("SELECT seq, kind, bidder, amount_paise, max_paise, time, nonce, prev, hash FROM log WHERE hash IS NOT NULL ORDER BY seq")
      .toArray()
      .map((e) => ({ ...e }));
  }
}

import type { HistoryBid } from "./bid-rules";
import type { MirrorBid } from "./room-d1";
import type { EarlierBid } from "./room-log";
import type { Stored } from "./room-state";
import type { Viewer } from "./room-watchers";

export type RecentBid = { seq: number; user_id: number; bidder_name: string; amount_paise: number; created_at: number };

/** The ids of the viewer's own bids among the recent ones (the history marks them 'You'). */
export function yourBids(recent: RecentBid[], viewer: Viewer): number[] {
  return viewer === null ? [] : recent.filter((b) => b.user_id === viewer).map((b) => b.seq);
}

/** An outbid bidder is e-mailed at most once per auction in this window; the in-app notice is always sent. */
const OUTBID_MAIL_GAP_MS = 10 * 60_000;

/**
 * The auction object's own SQLite storage: its state, its bid history and when each bidder was last e-mailed.
 * Every method is synchronous, so a caller can decide a bid and store it with no await in between.
 */
export class RoomStorage {
  constructor(private sql: SqlStorage) {
    sql.exec("CREATE TABLE IF NOT EXISTS room (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
    sql.exec(
      "CREATE TABLE IF NOT EXISTS bids (seq INTEGER PRIMARY KEY, user_id INTEGER NOT NULL, bidder_name TEXT NOT NULL, amount_paise INTEGER NOT NULL, proxy INTEGER NOT NULL, created_at INTEGER NOT NULL)",
    );
    sql.exec("CREATE TABLE IF NOT EXISTS outbid_mail (user_id INTEGER PRIMARY KEY, sent_at INTEGER NOT NULL)");
    sql.exec("CREATE TABLE IF NOT EXISTS watching (user_id INTEGER PRIMARY KEY)");
    // Watchers who also asked to be texted when outbid.
    sql.exec("CREATE TABLE IF NOT EXISTS outbid_texts (user_id INTEGER PRIMARY KEY)");
    sql.exec("CREATE TABLE IF NOT EXISTS reminders (user_id INTEGER PRIMARY KEY, sent INTEGER NOT NULL)");
  }

  /**
   * Starts or stops `userId` watching this auction, texted when outbid or not (stopping stops the texts too);
   * doing either twice is the same as once.
   */
  setWatching(userId: number, watching: boolean, texts = false) {
    if (watching) this.sql.exec("INSERT INTO watching (user_id) VALUES (?) ON CONFLICT(user_id) DO NOTHING", userId);
    else this.sql.exec("DELETE FROM watching WHERE user_id = ?", userId);
    if (watching && texts) this.sql.exec("INSERT INTO outbid_texts (user_id) VALUES (?) ON CONFLICT(user_id) DO NOTHING", userId);
    else this.sql.exec("DELETE FROM outbid_texts WHERE user_id = ?", userId);
  }

  /** Whether `userId` asked to be texted when outbid here. */
  wantsOutbidTexts(userId: number): boolean {
    return this.sql.exec("SELECT 1 FROM outbid_texts WHERE user_id = ?", userId).toArray().length > 0;
  }

  isWatching(userId: number): boolean {
    return this.sql.exec("SELECT 1 FROM watching WHERE user_id = ?", userId).toArray().length > 0;
  }

  /**
   * Claims the reminder for `userIds` (the watchers are added here), once per auction: the list is written in
   * the same step as the caller marks the reminder claimed, so a restart sends to those not yet sent, never again.
   */
  claimReminders(userIds: number[]) {
    for (const id of [...userIds, ...this.watcherIds()])
      this.sql.exec("INSERT INTO reminders (user_id, sent) VALUES (?, 0) ON CONFLICT(user_id) DO NOTHING", id);
  }

  private watcherIds(): number[] {
    return this.sql
      .exec<{ user_id: number }>("SELECT user_id FROM watching")
      .toArray()
      .map((w) => w.user_id);
  }

  /** The claimed reminders not yet sent. */
  unsentReminders(): number[] {
    return this.sql
      .exec<{ user_id: number }>("SELECT user_id FROM reminders WHERE sent = 0 ORDER BY user_id")
      .toArray()
      .map((r) => r.user_id);
  }

  markReminderSent(userId: number) {
    this.sql.exec("UPDATE reminders SET sent = 1 WHERE user_id = ?", userId);
  }

  loadState(): Stored | null {
    const row = this.sql.exec<{ value: string }>("SELECT value FROM room WHERE key = 'state'").toArray()[0];
    return row ? (JSON.parse(row.value) as Stored) : null;
  }

  saveState(state: Stored) {
    this.sql.exec("INSERT INTO room (key, value) VALUES ('state', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value", JSON.stringify(state));
  }

  /** The accounts that bid here (bids adopted from seed data have none). */
  bidderIds(): number[] {
    return this.sql
      .exec<{ user_id: number }>("SELECT DISTINCT user_id FROM bids WHERE user_id > 0")
      .toArray()
      .map((b) => b.user_id);
  }

  recentBids(limit: number): RecentBid[] {
    return this.sql.exec<RecentBid>("SELECT seq, user_id, bidder_name, amount_paise, created_at FROM bids ORDER BY seq DESC LIMIT ?", limit).toArray();
  }

  /** Appends a bid's history rows in order and returns them numbered, for the D1 mirror. */
  appendBids(history: HistoryBid[], now: number): MirrorBid[] {
    let seq = this.sql.exec<{ seq: number | null }>("SELECT max(seq) AS seq FROM bids").one().seq ?? 0;
    return history.map((h) => {
      seq += 1;
      this.sql.exec(
        "INSERT INTO bids (seq, user_id, bidder_name, amount_paise, proxy, created_at) VALUES (?, ?, ?, ?, ?, ?)",
        seq,
        h.userId,
        h.bidderName,
        h.amountPaise,
        h.proxy ? 1 : 0,
        now,
      );
      return { seq, userId: h.userId, bidderName: h.bidderName, amountPaise: h.amountPaise, createdAt: now };
    });
  }

  /** The bids placed here after `seq`, for the D1 mirror to catch up (adopted bids came from D1). */
  bidsAfter(seq: number): MirrorBid[] {
    return this.sql
      .exec<{ seq: number; user_id: number; bidder_name: string; amount_paise: number; created_at: number }>(
        "SELECT seq, user_id, bidder_name, amount_paise, created_at FROM bids WHERE seq > ? AND user_id > 0 ORDER BY seq",
        seq,
      )
      .toArray()
      .map((b) => ({ seq: b.seq, userId: b.user_id, bidderName: b.bidder_name, amountPaise: b.amount_paise, createdAt: b.created_at }));
  }

  /** Every stored bid in order (for a log begun after them). */
  allBids(): EarlierBid[] {
    return this.sql.exec<EarlierBid>("SELECT user_id, bidder_name, amount_paise, proxy, created_at FROM bids ORDER BY seq").toArray();
  }

  /** Bids recorded before the object existed (seed data): kept in order, with no known bidder account. */
  adoptBids(bids: { bidder_name: string; amount_paise: number; created_at: number }[]) {
    bids.forEach((b, i) => {
      this.sql.exec(
        "INSERT INTO bids (seq, user_id, bidder_name, amount_paise, proxy, created_at) VALUES (?, 0, ?, ?, 0, ?)",
        i + 1,
        b.bidder_name,
        b.amount_paise,
        b.created_at,
      );
    });
  }

  /** Whether this outbid also gets an e-mail; if so the time is recorded in the same step. */
  claimOutbidMail(userId: number, now: number): boolean {
    const last = this.sql.exec<{ sent_at: number }>("SELECT sent_at FROM outbid_mail WHERE user_id = ?", userId).toArray()[0]?.sent_at;
    if (last !== undefined && now - last < OUTBID_MAIL_GAP_MS) return false;
    this.sql.exec("INSERT INTO outbid_mail (user_id, sent_at) VALUES (?, ?) ON CONFLICT(user_id) DO UPDATE SET sent_at = excluded.sent_at", userId, now);
    return true;
  }
}

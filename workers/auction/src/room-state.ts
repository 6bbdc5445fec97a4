import type { DepsEnv } from "../../../app/deps.server";
import type { RoomState } from "./bid-rules";

/** The auction Worker's bindings that its Durable Objects build their Deps from. */
export type RoomEnv = DepsEnv & Record<string, unknown>;

/** What an auction's Durable Object stores: the bid rules' state and what the auction shows and has closed. */
export type Stored = RoomState & {
  title: string;
  /** The Telugu title notices to Telugu readers name it by; null, or absent in objects made before it, when none. */
  titleTe?: string | null;
  description: string;
  image: string | null;
  sellerName: string;
  cancelReason: string | null;
  /** Set once the close has been written to D1 (order, notices); the alarm retries until it is. */
  finalized: boolean;
  winnerUserId: number | null;
  orderNumber: string | null;
  /**
   * The second chance after the close: `open` while the lot's holder (the winner, then each bidder it is offered to)
   * has their 24 hours to pay; `done` once it is paid or nobody is left; `stopped` by the admin. Absent in objects
   * closed before it existed (their lot is not offered on).
   */
  offers?: "open" | "done" | "stopped";
  holder?: Holder | null;
  /** The pseudonyms the lot has gone to, the winner first. */
  offered?: string[];
  /** When the one reminder before the end was claimed (its recipients are in the object's storage); absent before. */
  remindedAt?: number;
};

/** Who holds a closed lot: their order (null until it is made) and its deadline, and whether the lot was offered to them. */
export type Holder = {
  pseudonym: string;
  userId: number | null;
  amountPaise: number;
  orderNumber: string | null;
  at: number;
  deadline: number;
  fromOffer: boolean;
};

/** What the admin's new auction row gives its object to open with. */
export type CreateInput = {
  id: number;
  title: string;
  titleTe?: string | null;
  description: string;
  image: string | null;
  sellerName: string;
  sellerUserId: number | null;
  startPricePaise: number;
  incrementPaise: number;
  startTime: number;
  endTime: number;
};

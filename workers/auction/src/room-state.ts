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

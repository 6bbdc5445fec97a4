import type { OrderLine } from "./line-text";
import type { OrderStatus } from "./status";

/** An order as the customer's order card shows it (My Orders, the order page). */
export type OrderCardData = {
  number: string;
  status: OrderStatus;
  createdAt: number;
  /** The delivery date and slot as people read them; null for an auction's order. */
  delivery: string | null;
  estimatedTotalPaise: number;
  finalTotalPaise: number | null;
  /** shop (a checkout), auction (a lot won at auction, sold at its winning price) or season (a pre-booking). */
  source: "shop" | "auction" | "season";
  /** An unfilled pre-booking: its place in the season's queue and how far away that is, as sentences. */
  queue: string[] | null;
  advancePaidPaise: number;
  /** Everything captured or collected for the order (shown beside the refunds of a cancelled order). */
  paidPaise: number;
  paymentRef: string | null;
  /** The balance still owed once weighed (0 before weighing, when settled, delivered or cancelled). */
  duePaise: number;
  balance:
    | { kind: "paid"; amountPaise: number; at: number }
    | { kind: "link"; amountPaise: number; url: string }
    | { kind: "on_delivery"; amountPaise: number }
    | null;
  refunded: { amountPaise: number; at: number } | null;
  refundPendingPaise: number;
  cancelReason: string | null;
  /** The customer cancelled it themselves. */
  cancelledByCustomer: boolean;
  payable: boolean;
  /** Weighed above the price limit its customer agreed to: nothing happens until they accept or decline. */
  answerAwaited: boolean;
  /** A shop line counts kilos or packs (`unit`), with its weight or packs once recorded; an auction lot (unit null) is one lot. */
  items: OrderLine[];
};

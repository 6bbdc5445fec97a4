// Relative imports, as the rest of the content: the facts come from the modules that enforce them.
import { CLAIM_WINDOW_MS, MAX_CLAIM_FILES } from "../../claims/rules";
import { DELIVERY_WINDOW_DAYS, formatSlotHours, SLOT_CUTOFF_MS } from "../../delivery/slots";
import { checkoutMessages } from "../../i18n/checkout.messages";
import { claimMessages } from "../../i18n/claims.messages";
import { formatHours, withZone } from "../../lib/dates";
import { formatRupees } from "../../lib/money";
import { ADVANCE_PAISE, AUCTION_PAY_MS, PINCODE_PREFIXES } from "../../orders/rules";
import { CANCELLABLE_UNTIL, FULFILMENT } from "../../orders/status";

/**
 * Facts that several policy pages state, worded once so the pages never contradict each other. Where the store's
 * code holds the fact (the advance, the claim window, the pincodes, the cancel rule, the slots), the text is built
 * from the code's own value, so a policy cannot promise what the shop does not do.
 */
export const UPDATED_ON = "2026-11-27";

const HOUR_MS = 60 * 60_000;

export const ADVANCE = formatRupees(ADVANCE_PAISE);

export const SEASON_HOURS = `${withZone(formatHours(8, 20))}, Monday to Sunday`;
export const OFF_SEASON_HOURS = `${withZone(formatHours(10, 18))}, Monday to Saturday`;

export const MORNING_SLOT = withZone(formatSlotHours("morning"));
export const EVENING_SLOT = withZone(formatSlotHours("evening"));

export const SLOT_CHOICE =
  `At checkout you choose the delivery date, today or one of the next ${DELIVERY_WINDOW_DAYS - 1} days among those with fish ` +
  `left, and the slot. A slot can be booked until ${SLOT_CUTOFF_MS / HOUR_MS} hours before it starts, while it has room.`;

export const REFUND_TIME = "5 to 7 working days after approval";

export const SHIPPING = "Delivery is free to every address we serve: there is no delivery charge and no distance fee.";

const pincodes = (state: keyof typeof PINCODE_PREFIXES) => `${PINCODE_PREFIXES[state].from}000–${PINCODE_PREFIXES[state].to}999`;

export const SERVICE_AREA =
  `We deliver only to addresses in Telangana (pincodes ${pincodes("Telangana")}) and Andhra Pradesh (pincodes ` +
  `${pincodes("Andhra Pradesh")}). Checkout checks your pincode, and that it belongs to the state you chose, before you pay.`;

export const ADVANCE_REFUND = `If the fish cannot be caught or delivered, the ${ADVANCE} advance is refunded in full.`;

export const BALANCE = "You pay the balance (the final price minus the advance) by the payment link we send you, or in cash on delivery.";

/** The order page's label of the step from which an order can no longer be cancelled: 'Shipped'. */
const cancelledUntil = checkoutMessages.status.labels[CANCELLABLE_UNTIL];

export const CANCEL =
  `You can cancel an order yourself with 'Cancel order' on its page in My Orders, until its status is ` +
  `'${cancelledUntil}'. Everything you have paid for it is then refunded to the way you paid.`;

export const CLAIM_HOURS = `${CLAIM_WINDOW_MS / HOUR_MS} hours`;

export const CLAIM =
  `If your fish arrives damaged, you receive the wrong product or the order page says it was delivered but nothing ` +
  `reached you, press '${claimMessages.report}' on the order's page in My Orders within ${CLAIM_HOURS} of delivery. ` +
  `Describe the problem and attach up to ${MAX_CLAIM_FILES} photos or videos (at least one for damage or a wrong product).`;

export const AUCTION_LOT =
  `A lot won at auction is sold whole at its winning price, without weighing. The winner pays the ${ADVANCE} advance ` +
  `from My Orders within ${AUCTION_PAY_MS / HOUR_MS} hours of the close, and the balance (the winning price minus the ` +
  "advance) by the payment link we send, or in cash on delivery.";

/** The steps an order goes through, by the labels its page shows. */
export const ORDER_STEPS = FULFILMENT.map((status) => `'${checkoutMessages.status.labels[status]}'`).join(", ");

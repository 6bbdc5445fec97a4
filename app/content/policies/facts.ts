/** Facts that several policy pages state, worded once so the pages never contradict each other. */
export const UPDATED_ON = "2026-11-01";

export const ADVANCE = "₹500";

export const SEASON_HOURS = "8:00 AM to 8:00 PM IST, Monday to Sunday";
export const OFF_SEASON_HOURS = "10:00 AM to 6:00 PM IST, Monday to Saturday";

export const MORNING_SLOT = "7:00 AM to 11:00 AM";
export const EVENING_SLOT = "3:00 PM to 8:00 PM";

export const REFUND_TIME = "5 to 7 working days after approval";

export const SHIPPING =
  "Shipping is free within our serviceable areas; if a distance-based charge ever applies to your address it is " + "shown at checkout before you pay.";

export const SERVICE_AREA =
  "We deliver only to addresses in Andhra Pradesh and Telangana. If your pincode is outside the area we can " + "serve, checkout tells you so before you pay.";

export const ADVANCE_REFUND = `If the fish cannot be caught or delivered, the ${ADVANCE} advance is refunded in full.`;

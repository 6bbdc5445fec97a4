/**
 * The pay page's and the sandbox gateway's strings. They name no product, and only the pages that take a
 * payment (and the server) use them, so they are kept out of the catalogue every page loads.
 */
export const payMessages = {
  title: "Pay the ₹500 token advance",
  intro: "Order {number} is held for you until {time}. Pay the ₹500 token advance to place it.",
  auctionIntro: "You won this auction. Pay the ₹500 token advance by {time} to claim order {number}.",
  payButton: "Pay ₹500",
  description: "₹500 Token Advance",
  notPending: "This order does not need a payment now.",
  refunded: "We could not hold this order any longer, so your ₹500 advance has been refunded. Refunds reach your account in 5 to 7 working days.",
  duplicateRefunded: "This order was already paid, so the second payment of ₹500 has been refunded.",
  cancelled: "Payment cancelled. Your cart is unchanged.",
  sandboxNote: "Test payments: no money moves. You will see a local page that plays Razorpay's part.",
  receiptTitle: "Order placed: {number}",
  receipt: "Payment successful! Order placed successfully! We received your ₹500 token advance for order {number} ({items}). Estimated total {total}. We will tell you the final weight and price after the catch.",
  refundTitle: "₹500 advance refunded: {number}",
  balancePaidTitle: "Balance received: {number}",
  balancePaid: "We received your balance payment of {amount} for order {number}. Thank you!",
} as const;

export const sandboxMessages = {
  title: "Razorpay sandbox",
  intro: "This page plays Razorpay's part on this computer. No money moves.",
  amount: "Amount",
  order: "Order",
  pay: "Pay",
  fail: "Fail",
  unknown: "This sandbox payment does not exist.",
  link: "Payment link",
} as const;

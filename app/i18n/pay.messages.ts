/**
 * The pay page's and the sandbox gateway's strings. They name no product, and only the pages that take a
 * payment (and the server) use them, so they are kept out of the catalogue every page loads.
 */
export const payMessages = {
  title: "Pay the ₹500 token advance",
  intro: "Order {number} is held for you until {time}. Pay the ₹500 token advance to place it.",
  auctionIntro: "You won this auction. Pay the ₹500 token advance by {time} to claim order {number}.",
  /** A lot offered to the next bidder after the winner did not pay: they did not win it. */
  offerIntro: "This lot is offered to you at your highest bid. Pay the ₹500 token advance by {time} to claim order {number}.",
  payButton: "Pay ₹500",
  description: "₹500 Token Advance",
  notPending: "This order does not need a payment now.",
  sandboxNote: "Test payments: no money moves. You will see a local page that plays Razorpay's part.",
  receiptTitle: "Order placed: {number}",
  receipt:
    "Payment successful! Order placed successfully! We received your ₹500 token advance for order {number} ({items}). Estimated total {total}. We will tell you the final weight and price after the catch.",
  balancePaidTitle: "Balance received: {number}",
  balancePaid: "We received your balance payment of {amount} for order {number}. Thank you!",
  unowedTitle: "Payment refunded: {number}",
  unowed:
    "We received a payment of {amount} for order {number} that was not due, so we have refunded all of it. Refunds reach your account in 5 to 7 working days.",
  unowedAdmin:
    "A payment of {amount} arrived for order {number} when nothing was due (paid twice, or after the order or its link was closed). It has been refunded in full.",
  unowedToast: "Nothing was due for this payment, so it has been refunded in full. Refunds reach your account in 5 to 7 working days.",
  replaced: "Your earlier unpaid order {numbers} was replaced by this one. If it is paid after all, that payment is refunded in full.",
  alreadyPaid: "Already paid",
  alreadyPaidText: "This payment has been made. Nothing more is due here.",
  viewOrder: "View the order",
  linkClosed: "This payment link is closed",
  linkClosedText: "It was cancelled or has expired, so it takes no payment. Your order page shows what is due.",
  balancePaidToast: "Balance paid. Thank you!",
} as const;

export const sandboxMessages = {
  title: "Razorpay sandbox",
  intro: "This page plays Razorpay's part on this computer. No money moves.",
  amount: "Amount",
  order: "Order",
  pay: "Pay",
  fail: "Fail",
  failed: "Payment failed",
  failedText: "The payment did not go through and no money was taken. You can try again.",
  unknown: "This sandbox payment does not exist.",
  link: "Payment link",
  name: "Name",
  email: "E-mail",
  contact: "Phone",
} as const;

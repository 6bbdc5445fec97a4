/** The waitlist of a sold-out product: its panel on the product page, the hold's link and the hold's notice. */
export const waitlistMessages = {
  heading: "Tell me when it lands",
  intro:
    "Sold out for every delivery date we offer. Join the line: when more fish comes in, we serve the line in the order people joined, and each gets {minutes} minutes to check out what they asked for.",
  quantity: "How much you want",
  quantityHint: "From {min} to {max}",
  quantityRequired: "Enter how much you want",
  quantityWhole: "Enter a whole number",
  zip: "Delivery pincode",
  join: "Join the waitlist",
  joining: "Joining…",
  loginToJoin: "Log in to join the waitlist",
  fixErrors: "Please fix the errors below",
  joined: "You joined the waitlist.",
  already: "You are already in this line.",
  notSoldOut: "This fish can be ordered now: add it to your cart instead.",
  notForAdmin: "The admin account cannot join a waitlist.",
  place: "You are {place} in line for {qty}.",
  leave: "Leave the line",
  leaving: "Leaving…",
  left: "You left the line.",
  held: "{qty} is kept for you for delivery on {date}, until {time}.",
  checkoutNow: "Check out now",
  // The page a hold's link opens when it cannot lead to the checkout.
  holdTitle: "Your waitlist hold",
  otherAccount: "This link was sent to another account. Log in with the account that joined the line.",
  lapsed: "This hold ran out; the fish passed to the next in line. You can join the line again on the product's page.",
  used: "This hold has already become an order.",
  holdLeft: "You left this line, so this hold ended. You can join the line again on the product's page.",
  notFound: "This waitlist link is not valid.",
  backToProduct: "Back to the product",
  // Said at checkout when a hold ended (used in another tab, or run out) between the page and the press.
  holdGone: "Your waitlist hold has ended, so its fish was not kept for this checkout.",
  // The notice: stored for the bell and e-mailed in the shopper's language.
  noticeTitle: "{name} is kept for you",
  noticeMessage:
    "Your turn on the waitlist: {qty} of {name} is kept for you for delivery on {date}, until {time}. Check out before then, or it passes to the next in line.",
  noticeLink: "Check out: {url}",
} as const;

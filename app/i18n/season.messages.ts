/** Season pre-booking: the product page's card, the booking page, the queue's place on an order, and the notices. */
export const seasonMessages = {
  heading: "Book for the season",
  intro:
    "Pay the ₹500 advance now and take your place in the season's queue. As the boats bring fish we fill the queue in the order advances were paid, before anyone else, and give you the next delivery slot with room. Not filled by your last date, the advance is refunded in full.",
  openUntil: "Pre-booking is open until {date}.",
  book: "Book for the season",
  loginToBook: "Log in to book for the season",
  // The booking page.
  title: "Book {name} for the season",
  quantity: "How much you want",
  quantityHint: "From {min} to {max}",
  quantityRequired: "Enter how much you want",
  quantityWhole: "Enter a whole number",
  latestDate: "Last delivery date you accept",
  latestHint: "Any date up to {date}. Not filled by then, your advance is refunded in full.",
  latestRequired: "Choose the last date you accept delivery",
  latestPast: "Choose a date after today",
  latestAfterSeason: "Pre-booking runs until {date}: choose that date or an earlier one",
  back: "Back to the product",
  pay: "Pay ₹500 and book",
  paying: "Booking…",
  fixErrors: "Please fix the errors below",
  closed: "Pre-booking for this fish is closed.",
  notForAdmin: "The admin account cannot pre-book.",
  already: "You already have a pre-booking for this fish: see it in My Orders.",
  queueHeading: "Your place in the queue",
  // An unfilled pre-booking, on My Orders and its order page.
  place: "You are {place} in the queue for {qty}, for delivery by {date}.",
  estimate: "At the last two weeks' catch that is about {days} days away.",
  estimateNone: "No catch in the last two weeks: we fill the queue as soon as the boats bring fish.",
  // A filled pre-booking's order page: its shopper may take the day's other slot while it has room.
  slotHeading: "Your delivery slot",
  slotIntro: "Your pre-booking was filled for {date}. You can take another slot that day while it has room.",
  slotButton: "Change the slot",
  slotChanging: "Changing…",
  slotChanged: "Your delivery is now {when}.",
  slotTaken: "full",
  // Why a pre-booking was cancelled, in the shopper's language (shown on the order and in its notice).
  expiredReason: "Not filled by your last date ({date}): the ₹500 advance is refunded in full.",
  closedReason: "Pre-booking for the season is closed: the ₹500 advance is refunded in full.",
  // The notice of a fill: stored for the bell and e-mailed in the shopper's language.
  // The advance's return and its receipt (stored for the bell and e-mailed in the shopper's language).
  booked: "Payment successful! Your place in the season's queue is kept.",
  receiptTitle: "Pre-booking {number}: your place in the queue is kept",
  receipt:
    "We received your ₹500 advance for pre-booking {number} ({items}), for delivery by {date}. We fill the season's queue in the order advances were paid and tell you the moment yours is filled; not filled by then, the advance is refunded in full.",
  filledTitle: "Your pre-booked {name} is filled",
  filledMessage: "Your pre-booking {number} is filled: {qty} of {name}. You can change the delivery slot on the order page.",
} as const;

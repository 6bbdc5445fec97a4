/** The notices about auctions (in the bell and by e-mail): won, ended, cancelled, outbid, offered to the next bidder, lapsed, withdrawn, the reminder before the end. */
export const auctionNoticeMessages = {
  wonTitle: "You won the auction!",
  won: 'You won "{title}" at {price}. Pay the {advance} advance within 24 hours to confirm your order {number}.',
  endedTitle: "Auction ended",
  ended: 'The auction "{title}" has ended at {price}. Thank you for bidding.',
  cancelledTitle: "Auction cancelled",
  cancelled: 'The auction "{title}" was cancelled: {reason}',
  outbidTitle: "You have been outbid",
  outbid: 'Someone bid {price} on "{title}". Open the auction to bid again.',
  offerTitle: "A lot is offered to you",
  offer:
    'The winner of "{title}" did not pay in time, so the lot is offered to you at your highest bid, {price}. Pay the {advance} advance within 24 hours to take it: order {number}.',
  lapsedTitle: "Your time to pay ran out",
  lapsed:
    'The {advance} advance for "{title}" was not paid within 24 hours, so order {number} is cancelled and the lot goes to the next highest bidder, if there is one. Nothing was charged.',
  reminderTitle: "An auction ends soon",
  reminder: 'The auction "{title}" ends in {minutes} min; the current bid is {price}. A bid in its last minutes moves the end later.',
  stoppedTitle: "The offer was withdrawn",
  stopped: 'The store withdrew the offer of "{title}", so order {number} is cancelled. Nothing was charged.',
  /** Added to the outbid and won notices: the bidder's own last entry in the bid log, as the auction page shows it. */
  receipt: "Your bid's receipt in the bid log: No. {seq} · {hash}.",
} as const;

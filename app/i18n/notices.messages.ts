/** The notices about auctions (in the bell and by e-mail): won, ended, cancelled, outbid. */
export const auctionNoticeMessages = {
  wonTitle: "You won the auction!",
  won: 'You won "{title}" at {price}. Pay the {advance} advance within 24 hours to confirm your order {number}.',
  endedTitle: "Auction ended",
  ended: 'The auction "{title}" has ended at {price}. Thank you for bidding.',
  cancelledTitle: "Auction cancelled",
  cancelled: 'The auction "{title}" was cancelled: {reason}',
  outbidTitle: "You have been outbid",
  outbid: 'Someone bid {price} on "{title}". Open the auction to bid again.',
} as const;

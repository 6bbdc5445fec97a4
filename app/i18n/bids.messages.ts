/**
 * The auction Worker's answers to a bid. The Worker answers its JSON API in English and names each refusal by
 * its key (`bids.higher`), so the store's auction page shows it in the page's language.
 */
export const bidMessages = {
  login: "Please login to place a bid",
  success: "Bid placed successfully!",
  placedOutbid: "Your bid was placed, but another bidder's maximum is higher: you have been outbid.",
  higher: "Bid amount must be higher than current price",
  minimum: "The minimum bid is {amount}",
  notLive: "This auction is not taking bids",
  ended: "Auction ended",
  seller: "Admins and the seller cannot bid on this auction",
  leading: "You are already the highest bidder",
  tooFast: "Please wait a second before bidding again",
  wholeRupees: "Enter the amount in whole rupees",
  maxBelowBid: "Your maximum must be at least your bid",
  tooHigh: "A bid can be at most {amount} now (ten times the minimum bid)",
  notFound: "Auction not found",
} as const;

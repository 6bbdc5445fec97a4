/** Text messages to customers (SMS), and how the admin and the development outbox show them. */
export const messagingMessages = {
  /** The SMS when an order is shipped, opening with the store's name: one message's worth (160 characters, GSM-7 only in English). */
  enRoute: "{brand}: Your {product} order {number} is on its way.",
  enRouteDelivery: "{brand}: Your {product} order {number} is on its way. Delivery: {when}.",
  /**
   * The SMS when an order's fish is weighed: the final price, what comes next, and the order page (the photos of
   * the fish on the scale). Amounts as "Rs 31,000": the rupee sign is outside GSM-7 (see smsDelivery).
   */
  weighed: "{brand}: Order {number} is weighed: final price {final}. {next}",
  weighedNext: {
    due: "Balance {amount}: we send you the link to pay.",
    paid: "Nothing more to pay.",
    refund: "The difference is refunded to you.",
    answer: "That is above your limit of {limit}: please accept or decline by {time}.",
  },
  weighedPhotos: "Photos: {url}",
  /** The SMS to a bidder who asked to be texted when outbid: the lot, the bid now, and the auction's page. */
  outbid: "{brand}: You have been outbid on {title}: the bid is now {price}. Bid again: {url}",
  outbidNoLink: "{brand}: You have been outbid on {title}: the bid is now {price}.",
  /** How a text message is named wherever it is listed. */
  smsTo: "SMS to {phone}",
  whatsappTo: "WhatsApp to {phone}",
  errors: {
    notConfigured: "No text-message provider is configured",
    orderMovedOn: "Not sent: the order has moved on since",
    noAnswer: "The provider did not answer",
    providerAnswered: "The provider answered {status}",
  },
  admin: {
    title: "Text messages",
    kinds: { en_route: "On its way", weighed: "Weighed", outbid: "Outbid" },
    sent: "Sent {when}",
    sentLocally: "Sent to the development outbox {when}",
    waiting: "Waiting to be sent",
    retrying: "Try {tries} of {max} failed: {error}. Next try {when}",
    failed: "Failed after {tries} tries: {error}",
    failedAtOnce: "Failed: {error}",
  },
  devOutbox: {
    label: "SMS",
    intro: "Text messages (SMS) the store sends without a provider land here too, marked SMS, with the phone number they were for.",
  },
} as const;

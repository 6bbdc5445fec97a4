/** Text messages to customers (SMS), and how the admin and the development outbox show them. */
export const messagingMessages = {
  /** The SMS when an order is shipped, opening with the store's name: one message's worth (160 characters, GSM-7 only in English). */
  enRoute: "{brand}: Your {product} order {number} is on its way.",
  enRouteDelivery: "{brand}: Your {product} order {number} is on its way. Delivery: {when}.",
  /** How a text message is named wherever it is listed. */
  smsTo: "SMS to {phone}",
  whatsappTo: "WhatsApp to {phone}",
  errors: {
    notConfigured: "No text-message provider is configured",
    orderMovedOn: "Not sent: the order is no longer on its way",
    noAnswer: "The provider did not answer",
    providerAnswered: "The provider answered {status}",
  },
  admin: {
    title: "Text messages",
    kinds: { en_route: "On its way" },
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

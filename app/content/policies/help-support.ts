import { ol, p, ul } from "../blocks";
import type { ContentContext, PolicyPage } from "../types";
import { claimMessages } from "../../i18n/claims.messages";
import { checkoutMessages } from "../../i18n/checkout.messages";
import { ADVANCE, ADVANCE_REFUND, AUCTION_LOT, BALANCE, CLAIM_HOURS, OFF_SEASON_HOURS, ORDER_STEPS, REFUND_TIME, SEASON_HOURS, UPDATED_ON } from "./facts";

export function helpSupport(c: ContentContext): PolicyPage {
  return {
    path: "/help-support",
    title: "Help & Support",
    description:
      "How to reach us by WhatsApp, phone or e-mail, our support hours and reply times, and answers about the " + `${ADVANCE} advance, tracking and payments.`,
    updatedOn: UPDATED_ON,
    intro:
      `We are a small team, and we would rather answer a question before you order than fix a problem after. ` +
      `Whether you want to know when the next ${c.product} is likely to land, how the ${ADVANCE} advance works or ` +
      "where your delivery has got to, here is how to reach us and what to expect.",
    sections: [
      {
        heading: "Contact us",
        blocks: [
          ul(
            `WhatsApp: ${c.whatsapp}. The quickest way to reach us, especially during the season.`,
            `Phone: ${c.supportPhone}, during the support hours below.`,
            `E-mail: ${c.supportEmail}, best for anything that needs photos, documents or a written record.`,
            `Social media: ${c.socialHandle}, for season news and catch updates.`,
          ),
          p(
            `To cancel an order or report a problem with one, use its page in My Orders ('${checkoutMessages.orders.cancelTitle}', ` +
              `'${claimMessages.report}' for ${CLAIM_HOURS} after delivery): it works at any hour and needs no reply from us.`,
          ),
          p(
            "Please include your order number when you write about an order. Never share card numbers, UPI PINs, " +
              "passwords or one-time codes with anyone, including us, and keep order or payment details out of " +
              "public comments.",
          ),
        ],
      },
      {
        heading: "Support hours",
        blocks: [
          ul(`Regular season (the monsoon months when the fish is running): ${SEASON_HOURS}.`, `Off-season: ${OFF_SEASON_HOURS}.`),
          p("Messages that arrive outside these hours are answered when we are next open."),
        ],
      },
      {
        heading: "How quickly we reply",
        blocks: [
          ul(
            "General questions: within 24 hours.",
            "Payment disputes: within 48 hours, excluding any time taken by your bank or payment provider.",
            `Refunds: processed in ${REFUND_TIME}, to the original payment method.`,
          ),
        ],
      },
      {
        heading: `How does ordering with the ${ADVANCE} advance work?`,
        blocks: [
          p("Because every fish is wild and caught for you, we cannot know its exact weight or price in advance. " + "So ordering works like this:"),
          ol(
            "Choose your fish and add it to your cart. The cart shows an estimate for about 1 kg.",
            `At checkout, pay a fixed token advance of ${ADVANCE} online by card or UPI through Razorpay. This ` + "places your order.",
            "Our fishers go out for your fish. Once it is caught, we weigh it and record its actual weight.",
            "We tell you the final price: the actual weight multiplied by the price per kg.",
            BALANCE,
          ),
          p(`${ADVANCE_REFUND} Your order is never held back waiting for the full amount before we start work.`),
        ],
      },
      {
        heading: "When will I know the final price?",
        blocks: [
          p(
            "As soon as your fish has been caught and weighed. We send the actual weight and the final price by " +
              "e-mail and as a notification in your account, and we can confirm it on WhatsApp. The estimate " +
              "you saw in the cart is based on about 1 kg; wild fish vary, so the final figure may be higher or " +
              "lower.",
          ),
        ],
      },
      {
        heading: "How do I track my order?",
        blocks: [
          p(
            `Log in and open My Orders. Each order shows where it stands: ${ORDER_STEPS}. You also get a ` +
              "notification in your account and an e-mail as it moves along, and a text message (SMS) with your " +
              "delivery date and slot when it is shipped.",
          ),
        ],
      },
      {
        heading: "What happens if I win an auction?",
        blocks: [p(`${AUCTION_LOT} Until then, the lot's order waits in My Orders with a '${checkoutMessages.orders.payAdvance}' button.`)],
      },
      {
        heading: "My payment failed but money was debited",
        blocks: [
          p(
            "This can happen when your bank takes the money but the confirmation does not reach us. First check " +
              `My Orders: if the order is there and no longer says '${checkoutMessages.status.labels.payment_pending}', the ` +
              "payment went through and there is nothing more to do. Please do not pay again straight away.",
          ),
          ol(
            `Write to us at ${c.supportEmail} or on WhatsApp with your registered e-mail address, the amount, the ` +
              "date and time, and the transaction reference from your bank or UPI app. A screenshot helps.",
            "We check with the payment provider and reply within 48 hours, excluding bank delays.",
            "If we received the money, we either complete your order or, if you prefer, refund it to the " + "original payment method.",
            "If we did not receive it, the debit is usually reversed automatically by your bank or payment " +
              "provider; we will tell you what the provider's records show so you can follow it up with them.",
          ),
        ],
      },
    ],
  };
}

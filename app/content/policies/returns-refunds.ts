import { ol, p, ul } from "../blocks";
import type { ContentContext, PolicyPage } from "../types";
import { ADVANCE, ADVANCE_REFUND, REFUND_TIME, UPDATED_ON } from "./facts";

export function returnsRefunds(c: ContentContext): PolicyPage {
  return {
    path: "/returns-refunds",
    title: "Returns & Refunds",
    description:
      "Why fresh fish cannot be returned, when we refund (transit damage, wrong product, non-delivery), how to " + "report a problem, and cancelling.",
    updatedOn: UPDATED_ON,
    intro:
      `Fresh ${c.product} is perishable, so we cannot take it back once it has been delivered. We do stand behind ` +
      "every order, though: if the fish cannot be caught, does not arrive, arrives damaged or is not what you " +
      "ordered, we put it right. This page explains exactly how.",
    sections: [
      {
        heading: "No returns or exchanges after delivery",
        blocks: [
          p(
            "Returns are not accepted after delivery, and we do not offer exchanges. Once a fresh fish has left " +
              "our cold chain we cannot know how it has been stored, so it can never be resold or sent to someone " +
              "else. Please check your order as soon as it arrives.",
          ),
        ],
      },
      {
        heading: "When we refund",
        blocks: [
          p("A refund is considered only in these cases:"),
          ul(
            "Damage in transit: the fish or its packaging arrives damaged, or the fish is spoiled on arrival.",
            "Wrong product: you received something other than what you ordered.",
            "Non-delivery: your order did not reach you.",
          ),
          p(
            "The problem must be reported within 2 hours of delivery, with photos or videos that show it. For " +
              "non-delivery, contact us as soon as your delivery slot has passed without the fish arriving.",
          ),
        ],
      },
      {
        heading: "How to report a problem",
        blocks: [
          ol(
            `Within 2 hours of delivery, write to us on WhatsApp at ${c.whatsapp} or by e-mail at ` + `${c.supportEmail}, with your order number.`,
            "Attach clear photos or a short video of the fish, the packaging and the label.",
            "Keep the fish and packaging refrigerated until we have replied, in case we need more detail.",
            "We reply within 24 hours with our decision or any questions. Payment disputes are answered within " + "48 hours, excluding bank delays.",
          ),
        ],
      },
      {
        heading: `Your ${ADVANCE} advance`,
        blocks: [
          p(
            `When you order, you pay a fixed token advance of ${ADVANCE}; the balance follows once the fish is ` +
              `caught and weighed. ${ADVANCE_REFUND} You do not need to ask: we start the refund as soon as we ` +
              "know the order cannot be fulfilled.",
          ),
        ],
      },
      {
        heading: "Cancelling an order",
        blocks: [
          ul(
            "Orders can be cancelled only before dispatch. Once the fish has left with our delivery partner, the " + "order can no longer be cancelled.",
            `If you cancel before your fish has been caught, the ${ADVANCE} advance is refunded in full.`,
            "If your fish has already been caught and weighed for you, contact us straight away. Cancellation is " +
              "still possible before dispatch, and we will explain what can be refunded before you confirm it.",
          ),
          p(`To cancel, use WhatsApp or e-mail us at ${c.supportEmail} with your order number, or call ` + `${c.supportPhone} during support hours.`),
        ],
      },
      {
        heading: "How refunds are paid",
        blocks: [
          p(
            `Approved refunds are processed in ${REFUND_TIME}, always to the original payment method: the card, ` +
              "UPI account or wallet you paid with. Your bank may take a little longer to show the money in your " +
              "account. If part of your payment was made on delivery and cannot be returned to the same method, " +
              "we will agree another way to refund it with you in writing.",
          ),
        ],
      },
    ],
  };
}

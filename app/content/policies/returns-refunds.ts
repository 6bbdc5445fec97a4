import { ol, p, ul } from "../blocks";
import type { ContentContext, PolicyPage } from "../types";
import { claimMessages } from "../../i18n/claims.messages";
import { ADVANCE, ADVANCE_REFUND, BALANCE, CANCEL, CLAIM, CLAIM_HOURS, REFUND_TIME, UPDATED_ON } from "./facts";

const kinds = claimMessages.kinds;

export function returnsRefunds(c: ContentContext): PolicyPage {
  return {
    path: "/returns-refunds",
    title: "Returns & Refunds",
    description: "Why fresh fish cannot be returned, when we refund, how to report a problem from your order's page, and cancelling an order.",
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
          p("After delivery, a refund is considered only in these cases:"),
          ul(
            `${kinds.transit_damage}: the fish or its packaging arrives damaged, or the fish is spoiled on arrival.`,
            `${kinds.wrong_product}: you received something other than what you ordered.`,
            `${kinds.not_delivered}: the order is marked delivered, but it did not reach you.`,
          ),
          p(CLAIM),
          p(
            "If your delivery slot has passed, the fish has not arrived and the order is not marked delivered, " +
              "contact us straight away: we find out where it is, and if it cannot reach you fresh we cancel the " +
              "order and refund everything you paid.",
          ),
        ],
      },
      {
        heading: "How to report a problem",
        blocks: [
          ol(
            `Sign in, open the order in My Orders and press '${claimMessages.report}'. The button is there for ` +
              `${CLAIM_HOURS} after the order is marked delivered, and the page shows until when.`,
            "Choose what went wrong, describe it, and attach clear photos or a short video of the fish, the " + "packaging and the label.",
            "Keep the fish and packaging refrigerated until we have replied, in case we need more detail.",
            "We reply within 24 hours. You see our decision on the order's page and in your notifications, and we " +
              "e-mail it to you. Payment disputes are answered within 48 hours, excluding bank delays.",
          ),
          p("A report sent by WhatsApp or e-mail cannot start a refund: please use the order's page, which keeps your " + "photos with the order."),
        ],
      },
      {
        heading: `Your ${ADVANCE} advance`,
        blocks: [
          p(
            `When you order, you pay a fixed token advance of ${ADVANCE}; the final price follows once the fish is ` +
              `caught and weighed. ${BALANCE} ${ADVANCE_REFUND} You do not need to ask: we start the refund as ` +
              "soon as we know the order cannot be fulfilled.",
          ),
        ],
      },
      {
        heading: "Cancelling an order",
        blocks: [
          p(CANCEL),
          ul(
            "This is so whether or not your fish has already been caught and weighed: there is nothing to agree " + "with us first.",
            "Once the order has left with our delivery partner, it can no longer be cancelled.",
            "If we have to cancel an order ourselves, we tell you why and refund everything you paid for it.",
          ),
        ],
      },
      {
        heading: "How refunds are paid",
        blocks: [
          p(
            `Refunds are processed in ${REFUND_TIME}, always to the original payment method: the card, ` +
              "UPI account or wallet you paid with. Your bank may take a little longer to show the money in your " +
              "account. Cash paid on delivery cannot go back through the payment gateway: if a refund is due on it, " +
              "we agree another way to refund it with you in writing.",
          ),
        ],
      },
    ],
  };
}

import { ol, p, ul } from "../blocks";
import type { ContentContext, PolicyPage } from "../types";
import { ADVANCE, ADVANCE_REFUND, CLAIM, EVENING_SLOT, MORNING_SLOT, ORDER_STEPS, SERVICE_AREA, SHIPPING, SLOT_CHOICE, UPDATED_ON } from "./facts";

export function deliveryInfo(c: ContentContext): PolicyPage {
  return {
    path: "/delivery-info",
    title: "Delivery Information",
    description: "Where we deliver in Andhra Pradesh and Telangana, delivery slots, free delivery, tracking, and how your fish " + "stays cold to your door.",
    updatedOn: UPDATED_ON,
    intro:
      `A ${c.product} is only as good as it is fresh, so delivery is the part of our work we plan most carefully. ` +
      "This page explains where we deliver, when, what it costs and how the fish is kept cold all the way from the " +
      "river to your kitchen.",
    sections: [
      {
        heading: "Where we deliver",
        blocks: [p(SERVICE_AREA), p("The check happens before any payment is taken, so you never pay an advance for an address we cannot reach.")],
      },
      {
        heading: "From the river to your door",
        blocks: [
          p("Fresh fish is delivered in under 24 hours from the catch, through a cold chain that is never " + "broken along the way:"),
          ol(
            "Your fish is chilled on ice as soon as it is landed, then weighed and recorded against your order.",
            "It is cleaned and cut if you asked for it, and packed in an insulated box with plenty of ice.",
            "The sealed box travels with our delivery partner and is handed to you in person, still packed in ice.",
          ),
        ],
      },
      {
        heading: "Delivery slots",
        blocks: [
          ul(`Morning: ${MORNING_SLOT}.`, `Evening: ${EVENING_SLOT}.`),
          p(SLOT_CHOICE),
          p(
            "Please make sure someone is at the address to receive the fish during your slot, because fresh fish " +
              "cannot wait on a doorstep. If we have to move your delivery to another date or slot, we tell you the " +
              "new one by e-mail and in your account.",
          ),
        ],
      },
      {
        heading: "Delivery charges",
        blocks: [
          p(SHIPPING),
          p(
            `The ${ADVANCE} token advance you pay at checkout is not a delivery fee: it is part of the price of ` +
              "your fish and is deducted from the final amount.",
          ),
        ],
      },
      {
        heading: "Tracking your delivery",
        blocks: [
          p(
            `You can follow your order under My Orders at any time: its page shows each step, ${ORDER_STEPS}, and ` +
              "you receive a notification in your account and an e-mail at each one. When your order is shipped, we " +
              "also send a text message (SMS) to its phone number with your delivery date and slot.",
          ),
        ],
      },
      {
        heading: "If the fish cannot be caught or delivered",
        blocks: [
          p(
            "The river sets its own terms. Floods, a poor run or closed roads can mean that no suitable fish is " +
              `caught for you, or that it cannot reach you fresh. ${ADVANCE_REFUND} We will tell you as soon as ` +
              "we know, and if you would rather wait, we can move your delivery to a later date instead.",
          ),
          p(
            "If our delivery partner cannot reach you in your slot, we will call or message you to arrange a " +
              "new time the same day, as long as the fish is still fresh enough to deliver.",
          ),
        ],
      },
      {
        heading: "When your fish arrives",
        blocks: [
          ul("Open the box and check the fish and packaging straight away.", "Refrigerate it at once, or cook it the same day for the best flavour.", CLAIM),
        ],
      },
    ],
  };
}

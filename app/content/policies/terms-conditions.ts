import { p, ul } from "../blocks";
import type { ContentContext, PolicyPage } from "../types";
import { ADVANCE, ADVANCE_REFUND, AUCTION_LOT, BALANCE, CANCEL, CLAIM_HOURS, SERVICE_AREA, SHIPPING, UPDATED_ON } from "./facts";

export function termsConditions(c: ContentContext): PolicyPage {
  return {
    path: "/terms-conditions",
    title: "Terms & Conditions",
    description:
      "The terms for using our store and auctions: the token advance, prices per kg, weight, delivery, refunds, " + "liability and the law that applies.",
    updatedOn: UPDATED_ON,
    intro:
      `These terms apply when you use the ${c.brand} website, create an account, place an order or take part in an ` +
      "auction. By doing any of these you agree to them, so please read them carefully. They are written to be " +
      "understood, and our Delivery Information, Returns & Refunds and Privacy Policy pages form part of them.",
    sections: [
      {
        heading: "Ordering and the token advance",
        blocks: [
          p(
            `To order, you pay a fixed token advance of ${ADVANCE} online, by card or UPI through our payment ` +
              "provider Razorpay. Paying the advance places your order, and we begin work on it straight away.",
          ),
          p(
            "Because each fish is wild, its final price follows its actual weight, which we tell you after it has " +
              `been caught. ${BALANCE} ${ADVANCE_REFUND}`,
          ),
        ],
      },
      {
        heading: "Prices and weight",
        blocks: [
          ul(
            "Prices are per kilogram (curry per pack) and in Indian rupees (INR).",
            "The per-kg price shown when you place your order is the price that applies to your fish.",
            "Weight varies. Wild fish do not come in standard sizes, so the fish caught for you may weigh more or " +
              "less than the roughly 1 kg estimate in your cart. You pay for its actual weight, as weighed and " +
              "recorded by us after the catch and told to you before you pay the balance.",
            SHIPPING,
          ),
        ],
      },
      {
        heading: "Delivery",
        blocks: [
          p(SERVICE_AREA),
          p(
            "We deliver in the date and slot you choose at checkout, as described on our Delivery Information page. " +
              "The river and the catch can still force us to move a delivery; we tell you when we do. Once the fish " +
              "has been delivered, storing and cooking it properly is in your hands.",
          ),
        ],
      },
      {
        heading: "Returns, refunds and cancellations",
        blocks: [
          p(
            "Fresh fish is perishable: returns are not accepted after delivery and there are no exchanges. Refunds " +
              "are considered only for damage in transit, a wrong product or non-delivery, reported from the order's " +
              `page within ${CLAIM_HOURS} of delivery with photos or videos, and are paid to the original payment ` +
              "method. The full rules are on our Returns & Refunds page.",
          ),
          p(CANCEL),
        ],
      },
      {
        heading: "Auctions",
        blocks: [
          ul(
            "Auctions are created and run by our administrators. The seller of a lot cannot bid on it.",
            "You must be signed in to bid. Each bid must be at least the current price plus the minimum increment.",
            "Bids are binding: placing a bid is a commitment to buy the lot at that price if yours is the highest.",
            "The highest bid when the auction closes wins.",
            "Soft close: a bid placed in the final minutes may extend the end time, within a fixed limit, so that " +
              "other bidders have a fair chance to respond.",
            "Winners and outbid bidders are notified in their account and by e-mail.",
            AUCTION_LOT,
          ),
        ],
      },
      {
        heading: "Your account",
        blocks: [
          p(
            "Give accurate details when you sign up and keep your password and one-time codes to yourself. You are " +
              "responsible for activity on your account. We may suspend an account that is used for fraud, abuse " +
              "of the auctions or any unlawful purpose.",
          ),
        ],
      },
      {
        heading: "Limitation of liability",
        blocks: [
          p(
            "To the extent the law allows, our total liability for any order is limited to the order value, the " +
              "amount you paid for that order. We are not responsible for delays or failures caused by events " +
              "outside our control, such as floods, severe weather or road closures. Nothing in these terms " +
              "limits any right you have that cannot be limited by law.",
          ),
        ],
      },
      {
        heading: "Governing law and contact",
        blocks: [
          p("These terms are governed by the laws of India. Any dispute is subject to the jurisdiction of the " + "courts of Telangana at Hyderabad."),
          p(
            `Questions about these terms are welcome at ${c.supportEmail} or on ${c.supportPhone}. We may update ` +
              "these terms from time to time; the date at the top of this page shows the latest version.",
          ),
        ],
      },
    ],
  };
}

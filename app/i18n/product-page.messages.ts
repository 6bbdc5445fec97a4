/** A product page's words about paying, limits, stock and delivery. */
export const productPageMessages = {
  back: "← All products",
  howHeading: "How paying works",
  advance: "Pay the ₹500 token advance now to reserve your {product}.",
  balanceKg:
    "After the catch we weigh your fish. The final price is {price} per kg × its actual weight; you pay the balance (final price − ₹500) by payment link or on delivery.",
  balancePack: "The final price is {price} per pack × the packs you order; you pay the balance (final price − ₹500) by payment link or on delivery.",
  refund: "If we cannot catch or deliver your order, the ₹500 is refunded in full.",
  limitsHeading: "How much you can order",
  limits: "From {min} to {max} per order, in whole {units}.",
  limitsKg: "A fish is not cut to order: the weighed fish comes close to the kilos you choose.",
  stockHeading: "Stock for the coming days",
  stockCaption: "What is left of the catch for each delivery date",
  date: "Delivery date",
  left: "Left",
  soldOut: "Sold out",
  kilos: "kilos",
  packs: "packs",
  delivery: "Delivered in a morning (7:00–11:00) or evening (15:00–20:00) slot you choose at checkout, within the next 3 days.",
} as const;

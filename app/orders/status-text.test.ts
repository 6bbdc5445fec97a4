import { describe, expect, it } from "vitest";
import { getMessages } from "~/i18n/texts";
import { customerStatus } from "./status-text";

const m = getMessages("Pulasa").shop.status;

describe("the customer's status text", () => {
  it("labels current, legacy and payment statuses, and reads anything else as unknown", () => {
    expect(customerStatus("order_shipped", m)).toMatchObject({ label: "Shipped", message: "Your order is on its way!" });
    expect(customerStatus("pending", m)).toMatchObject({ status: "order_raised", label: "Pending", message: "Your order is being reviewed by our team." });
    expect(customerStatus("rejected", m)).toMatchObject({
      status: "order_cancelled",
      label: "Rejected",
      message: "Your order could not be processed. Please contact support.",
    });
    expect(customerStatus("completed", m)).toMatchObject({
      status: "order_delivered",
      label: "Completed",
      message: "Your order has been completed successfully.",
    });
    expect(customerStatus("payment_pending", m).label).toBe("Awaiting Payment");
    expect(customerStatus("bogus", m)).toMatchObject({ status: null, label: "Unknown", message: "Order status unknown." });
  });
});

import { collectOnDelivery, requestBalance } from "~/admin/balance.server";
import { changeOrderStatus, loadByNumber } from "~/admin/orders.server";
import type { ClaimInput } from "~/claims/forms";
import { CLAIM_WINDOW_MS } from "~/claims/rules";
import type { Order, User } from "~/db/schema";
import { payBalanceLink, setUpMoneyWorld } from "./money";

export { pngFile } from "./images";

/** The start of an ISO media file of `brand` ("isom": MP4, "qt  ": QuickTime), padded to `size` bytes. */
export function videoFile(brand: string, name: string, size = 64): File {
  const bytes = new Uint8Array(size);
  bytes.set([0, 0, 0, 24, ...new TextEncoder().encode(`ftyp${brand}`), 0, 0, 2, 0, ...new TextEncoder().encode("isommp41")]);
  return new File([bytes], name, { type: "application/octet-stream" });
}

export const DAMAGE: Omit<ClaimInput, "files"> = { kind: "transit_damage", description: "The fish came crushed and smelling off." };

/**
 * The claims tests' world: the money world's shop, and orders carried to Delivered at a chosen time, their
 * balance paid by link (two captures), in cash on delivery (one capture), or the difference refunded.
 */
export function setUpClaimsWorld() {
  const w = setUpMoneyWorld();
  const { deps, version, one } = w;
  const move = async (order: Order, to: string, now?: number) =>
    changeOrderStatus(deps, w.admin, { number: order.number, version: await version(order.id), to }, now);
  return Object.assign(w, {
    /** An order delivered at `deliveredAt`: 1.2 kg (₹30,000) with the balance by link, or in cash; 10 g (₹250) with the difference refunded. */
    async deliveredOrder(balance: "link" | "cash" | "difference" = "link", deliveredAt = Date.now()) {
      const { order } = await w.paidOrder(1);
      await w.weigh(order, balance === "difference" ? 10 : 1200);
      const at = { number: order.number, version: await version(order.id) };
      if (balance === "cash") await collectOnDelivery(deps, w.admin, at);
      else await requestBalance(deps, w.admin, at);
      if (balance === "link") await payBalanceLink(deps, order.id);
      for (const to of ["order_confirmed", "order_packed", "order_shipped"]) await move(order, to);
      await move(order, "order_delivered", deliveredAt);
      const user = await one<User>("SELECT id, name, email, is_admin AS isAdmin FROM users WHERE id = ?", order.userId);
      return { order: await loadByNumber(deps, order.number), user, deliveredAt, lastMoment: deliveredAt + CLAIM_WINDOW_MS };
    },
    move,
  });
}

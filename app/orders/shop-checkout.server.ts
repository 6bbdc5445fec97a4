import { chosenShipping, rememberAddress } from "~/addresses/addresses.server";
import type { User } from "~/db/schema";
import type { PrimaryDeps } from "~/deps";
import type { CheckoutValue } from "./checkout-schema";
import { createShopOrder, type ShopOrder } from "./orders.server";
import type { OrderLineInput } from "./stock.server";
import { fillQueue } from "~/season/queue.server";
import type { NoticeDeps } from "~/notifications/notify.server";

export type CheckOutInput = { user: Pick<User, "id">; lines: OrderLineInput[]; value: CheckoutValue; now: number };

/**
 * A checkout: the season's queue filled first, the address (typed, or one of the account's saved ones checked again), the order (see
 * createShopOrder), then that address saved as the account's last used one. A refused order saves nothing; an
 * address that could not be saved does not undo the order the shopper is about to pay for.
 */
export async function checkOut(deps: NoticeDeps & Pick<PrimaryDeps, "db" | "lang">, input: CheckOutInput): Promise<ShopOrder> {
  // Catch a queued pre-booking fits is the queue's: it is filled before this order may take what is left.
  await fillQueue(deps, input.now);
  const shipping = await chosenShipping(deps, input.user.id, input.value);
  const order = await createShopOrder(deps, {
    user: input.user,
    lines: input.lines,
    shipping,
    delivery: input.value.delivery,
    ceiling: input.value.ceiling,
    now: input.now,
  });
  try {
    await rememberAddress(deps, input.user.id, shipping, input.now);
  } catch (error) {
    console.error("saving the checkout's address failed", error);
  }
  return order;
}

import { z } from "zod";
import type { Deps } from "~/deps";
import { limitProblem, type ProductUnit } from "~/catalog/units";
import { messagesFor } from "~/i18n/texts";
import { inLang } from "~/i18n/lang";
import { clearCart, setCartQuantity } from "./cart.server";
import { bestDays, catchText } from "./limits.server";

const id = z.coerce.number().int().positive().max(2_147_483_647);
export const cartActionSchema = z.discriminatedUnion("intent", [
  // − and + send the line's new quantity (so a double click cannot count twice); 0 removes the line.
  z.object({ intent: z.literal("set"), productId: id, quantity: z.coerce.number().int().min(0).max(1000) }),
  z.object({ intent: z.literal("remove"), productId: id }),
  z.object({ intent: z.literal("clear") }),
]);

export type CartNotice = { type: "success" | "error"; text: string };

/**
 * One change to the user's cart from the cart page's forms; what the shopper should be told (cleared, capped
 * at the product's limits or at the catch, sold out), or null for a plain change.
 */
export async function changeCart(
  deps: Pick<Deps, "db" | "config" | "lang" | "now">,
  userId: number,
  input: z.infer<typeof cartActionSchema>,
): Promise<CartNotice | null> {
  const m = messagesFor(deps).shop.cart;
  if (input.intent === "clear") {
    await clearCart(deps, userId);
    return { type: "success", text: m.cleared };
  }
  const result = await setCartQuantity(deps, userId, input.productId, input.intent === "remove" ? 0 : input.quantity);
  if (result.kind !== "capped" && result.kind !== "sold_out") return null;
  const row = await deps.db.$client
    .prepare("SELECT name, name_te AS nameTe, unit, min_qty AS minQty, max_qty AS maxQty FROM products WHERE id = ?")
    .bind(input.productId)
    .first<{ name: string; nameTe: string | null; unit: ProductUnit; minQty: number; maxQty: number }>();
  if (!row) return null;
  const product = { ...row, name: inLang(row.name, row.nameTe, deps.lang) };
  if (result.kind === "capped" && result.limit !== "catch")
    return { type: "error", text: limitProblem(product, result.limit === "min" ? 0 : Number.MAX_SAFE_INTEGER, m, deps.lang) ?? "" };
  const best = (await bestDays(deps, [input.productId], deps.now(), userId)).get(input.productId);
  return { type: "error", text: catchText(deps, product, best, deps.now()) };
}

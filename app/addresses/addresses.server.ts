import { and, desc, eq, notInArray, sql } from "drizzle-orm";
import type { Deps } from "~/deps";
import { isUniqueClash } from "~/db/guards.server";
import { savedAddresses, type SavedAddress } from "~/db/schema";
import { messagesFor, sectionsFor } from "~/i18n/texts";
import { format } from "~/i18n/format";
import { ConflictError, InvalidInputError, NotFoundError } from "~/lib/errors";
import { shippingSchema, type ShippingInput } from "~/orders/checkout-schema";
import { addressFields, addressKey, MAX_SAVED_ADDRESSES, placeLine } from "./rules";

/** The saved addresses' texts in a page's language, which the checkout and the profile send with their data. */
export type AddressTexts = ReturnType<typeof sectionsFor>["address"];

/** A saved address as the checkout and the profile show it. */
export type AddressView = { id: number; name: string; phone: string; address: string; place: string };

/** A saved address as the page shows it, its state named in the page's language (`states`). */
export function toAddressView(row: SavedAddress, states: Record<string, string>): AddressView {
  return { id: row.id, name: `${row.firstName} ${row.lastName}`, phone: row.phone, address: row.address, place: placeLine(row, states) };
}

/** The account's saved addresses, the last used first (the checkout's default). */
export async function listAddresses(deps: Pick<Deps, "db">, userId: number): Promise<SavedAddress[]> {
  return deps.db.select().from(savedAddresses).where(eq(savedAddresses.userId, userId)).orderBy(desc(savedAddresses.lastUsedAt), desc(savedAddresses.id));
}

/**
 * Saves the address an order was just made with as the account's last used one: the same address again (case
 * and spacing aside) updates its row instead of adding one. One batch adds it and drops whatever is beyond
 * MAX_SAVED_ADDRESSES (the ones used longest ago), so however many checkouts run at once the account never holds
 * more. Its use time is after every other use of the account's addresses, even within the same millisecond.
 */
export async function rememberAddress(deps: Pick<Deps, "db">, userId: number, shipping: ShippingInput, now: number): Promise<void> {
  const fields = addressFields(shipping);
  const usedAt = sql`max(${now}, coalesce((SELECT max(last_used_at) FROM saved_addresses WHERE user_id = ${userId}), 0) + 1)`;
  const newest = deps.db
    .select({ id: savedAddresses.id })
    .from(savedAddresses)
    .where(eq(savedAddresses.userId, userId))
    .orderBy(desc(savedAddresses.lastUsedAt), desc(savedAddresses.id))
    .limit(MAX_SAVED_ADDRESSES);
  await deps.db.batch([
    deps.db
      .insert(savedAddresses)
      .values({ userId, key: addressKey(fields), ...fields, lastUsedAt: usedAt, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [savedAddresses.userId, savedAddresses.key],
        set: { ...fields, lastUsedAt: sql`excluded.last_used_at`, updatedAt: now },
      }),
    deps.db.delete(savedAddresses).where(and(eq(savedAddresses.userId, userId), notInArray(savedAddresses.id, newest))),
  ]);
}

/** One of the account's own addresses; someone else's, or one that is gone, is the same "not in your account". */
export async function ownAddress(deps: Pick<Deps, "db" | "lang">, userId: number, id: number): Promise<SavedAddress> {
  const [row] = await deps.db
    .select()
    .from(savedAddresses)
    .where(and(eq(savedAddresses.id, id), eq(savedAddresses.userId, userId)))
    .limit(1);
  if (!row) throw new NotFoundError(sectionsFor(deps).address.notYours);
  return row;
}

/**
 * The address a checkout ships to: the typed one, or the chosen saved one checked again by the very rules a
 * typed one passes (an address saved before a rule changed is refused, not shipped to).
 */
export async function chosenShipping(
  deps: Pick<Deps, "db" | "config" | "lang">,
  userId: number,
  value: ShippingInput | { addressId: number },
): Promise<ShippingInput> {
  if (!("addressId" in value)) return addressFields(value);
  const checked = shippingSchema(messagesFor(deps).shop).safeParse(addressFields(await ownAddress(deps, userId, value.addressId)));
  if (!checked.success) throw new InvalidInputError(format(sectionsFor(deps).address.unusable, { problem: checked.error.issues[0].message }));
  return checked.data;
}

const isDuplicate = (error: unknown) => isUniqueClash(error, "saved_addresses.key");

/** Edits one of the account's own addresses; it keeps its place as last used (or not). */
export async function updateAddress(deps: Pick<Deps, "db" | "lang">, userId: number, id: number, shipping: ShippingInput, now: number): Promise<void> {
  const f = addressFields(shipping);
  let changes: number;
  try {
    const result = await deps.db.$client
      .prepare(
        `UPDATE saved_addresses SET key = ?, first_name = ?, last_name = ?, phone = ?, address = ?, city = ?, state = ?, zip = ?, updated_at = ?
         WHERE id = ? AND user_id = ?`,
      )
      .bind(addressKey(f), f.firstName, f.lastName, f.phone, f.address, f.city, f.state, f.zip, now, id, userId)
      .run();
    changes = result.meta.changes;
  } catch (error) {
    if (isDuplicate(error)) throw new ConflictError(sectionsFor(deps).address.duplicate);
    throw error;
  }
  if (changes !== 1) throw new NotFoundError(sectionsFor(deps).address.notYours);
}

/** Deletes one of the account's own addresses. Orders made with it keep their own copy. */
export async function deleteAddress(deps: Pick<Deps, "db" | "lang">, userId: number, id: number): Promise<void> {
  const result = await deps.db.$client.prepare("DELETE FROM saved_addresses WHERE id = ? AND user_id = ?").bind(id, userId).run();
  if (result.meta.changes !== 1) throw new NotFoundError(sectionsFor(deps).address.notYours);
}

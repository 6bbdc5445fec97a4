import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import type { AddressTexts, AddressView } from "~/addresses/addresses.server";
import { NEW_ADDRESS } from "~/orders/checkout-schema";
import { FieldError } from "~/components/field-parts";

/** A saved address's lines: who, their phone, the street and the city, state and pincode. */
export function AddressLines({ address }: { address: AddressView }) {
  return (
    <span className="block min-w-0 break-words">
      <span className="block font-semibold">{address.name}</span>
      <span className="block">{address.phone}</span>
      <span className="block">{address.address}</span>
      <span className="block">{address.place}</span>
    </span>
  );
}

const choiceClass =
  "flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-river-200 p-3 text-sm has-[:checked]:border-river-600 has-[:checked]:bg-river-50 dark:border-river-700 dark:has-[:checked]:border-river-300 dark:has-[:checked]:bg-river-950";

/**
 * The checkout's address: one of the saved addresses (the last used chosen at first) or 'A new address' with the
 * shipping fields (`children`). The fields hide while a saved address is chosen by CSS alone, so this works
 * without JavaScript; a browser without `:has()` shows them, and the server still ships to the chosen one.
 */
export function AddressChoice({
  field,
  addresses,
  texts: m,
  children,
}: {
  field: FieldMetadata<string | undefined>;
  addresses: AddressView[];
  texts: Pick<AddressTexts, "choiceLegend" | "newAddress">;
  children: ReactNode;
}) {
  if (addresses.length === 0) return <>{children}</>;
  // The sent choice again after a refusal, unless that address is gone (deleted in another tab): then the last used.
  const sent = field.initialValue;
  const chosen = sent === NEW_ADDRESS || addresses.some((a) => String(a.id) === sent) ? sent : String(addresses[0].id);
  return (
    <div className="group/addresses space-y-4">
      <fieldset id={field.id} aria-describedby={field.errorId}>
        <legend className="text-sm font-medium">{m.choiceLegend}</legend>
        <div className="mt-2 grid gap-2">
          {addresses.map((a) => (
            <label key={`${field.key}-${a.id}`} className={choiceClass}>
              <input
                type="radio"
                name={field.name}
                value={String(a.id)}
                defaultChecked={chosen === String(a.id)}
                data-saved-address=""
                className="mt-1 h-5 w-5 shrink-0"
              />
              <AddressLines address={a} />
            </label>
          ))}
          <label key={`${field.key}-new`} className={choiceClass}>
            <input type="radio" name={field.name} value={NEW_ADDRESS} defaultChecked={chosen === NEW_ADDRESS} className="mt-0.5 h-5 w-5 shrink-0" />
            <span className="font-semibold">{m.newAddress}</span>
          </label>
        </div>
        <FieldError id={field.errorId} errors={field.errors} />
      </fieldset>
      <div className="group-has-[[data-saved-address]:checked]/addresses:hidden">{children}</div>
    </div>
  );
}

/**
 * With saved addresses the typed fields count only once 'A new address' is chosen, so the browser must not
 * insist on them (the schema for what was sent decides, in the browser and on the server).
 */
export function relaxedConstraint<C extends Record<string, { required?: boolean }>>(constraint: C, saved: boolean, keep: string[]): C {
  if (!saved) return constraint;
  return Object.fromEntries(Object.entries(constraint).map(([name, c]) => [name, keep.includes(name) ? c : { ...c, required: false }])) as C;
}

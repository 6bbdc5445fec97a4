import { useNavigation } from "@remix-run/react";
import { isActionOf } from "~/i18n/lang";
import { Form, Link } from "~/components/link";
import type { AddressTexts, AddressView } from "~/addresses/addresses.server";
import { MAX_SAVED_ADDRESSES } from "~/addresses/rules";
import { AddressLines } from "~/components/address-choice";
import { format } from "~/i18n/format";

/** The profile's saved addresses, the last used first, each with Edit and Delete (behind a confirming second press). */
export function SavedAddresses({ addresses, texts: m }: { addresses: AddressView[]; texts: AddressTexts }) {
  return (
    <section aria-labelledby="addresses-title" className="mt-10 border-t border-river-100 pt-8 dark:border-river-800">
      <h2 id="addresses-title" className="font-serif text-xl font-bold">
        {m.heading}
      </h2>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{format(m.intro, { max: MAX_SAVED_ADDRESSES })}</p>
      {addresses.length === 0 ? (
        <p className="mt-4 rounded-xl bg-river-50 p-4 text-sm dark:bg-river-950">{m.empty}</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {addresses.map((a, i) => (
            <li key={a.id} className="rounded-xl border border-river-100 p-4 text-sm dark:border-river-800">
              {i === 0 ? <p className="badge mb-2 bg-river-100 text-river-900 dark:bg-river-800 dark:text-river-50">{m.lastUsed}</p> : null}
              <AddressLines address={a} />
              <div className="mt-3 flex flex-wrap items-start gap-3">
                <Link to={`/profile/addresses/${a.id}`} className="btn-outline" aria-label={format(m.editLabel, { name: a.name, address: a.address })}>
                  {m.edit}
                </Link>
                <DeleteAddress address={a} texts={m} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Nothing is deleted by the first press: it opens the question (a native disclosure, so no JavaScript is needed). */
function DeleteAddress({ address, texts: m }: { address: AddressView; texts: AddressTexts }) {
  const navigation = useNavigation();
  const action = `/profile/addresses/${address.id}`;
  const busy = navigation.state !== "idle" && isActionOf(navigation.formAction, action);
  return (
    <details className="min-w-0 flex-1">
      <summary
        className="btn-outline w-fit cursor-pointer text-red-700 dark:text-red-300"
        aria-label={format(m.deleteLabel, { name: address.name, address: address.address })}
      >
        {m.delete}
      </summary>
      <Form method="post" action={action} className="mt-3 space-y-3">
        <input type="hidden" name="intent" value="delete" />
        <p>{m.deleteQuestion}</p>
        <button type="submit" className="btn-outline text-red-700 dark:text-red-300" disabled={busy}>
          {busy ? m.deleting : m.deleteConfirm}
        </button>
      </Form>
    </details>
  );
}

import { data, redirect, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { localePath } from "~/i18n/lang";
import { sectionsFor } from "~/i18n/texts";
import { DomainError } from "~/lib/errors";
import { holdProductSlug, openHold } from "~/waitlist/waitlist.server";
import { requireUser } from "~/web/guards.server";
import { privateMeta } from "~/web/meta";
import { onPrimary } from "~/deps.server";

/** A waitlist hold's link (from its notice): to the checkout with the held quantity, for the shopper it was given to. */

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: MetaFunction = ({ matches }) => privateMeta((t) => t.checkout, matches);

export async function loader({ request, params, context: { deps } }: LoaderFunctionArgs) {
  const w = sectionsFor(deps).waitlist;
  const user = await requireUser(request, deps, w.loginToJoin);
  const id = /^\d{1,15}$/.test(params.id ?? "") ? Number(params.id) : NaN;
  try {
    await openHold(onPrimary(deps), user, id);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const slug = await holdProductSlug(deps, id);
    return data(
      { title: w.holdTitle, message: error.message, back: slug ? `/products/${slug}` : "/products", backText: w.backToProduct },
      { status: error.status },
    );
  }
  throw redirect(localePath(deps.lang, "/checkout"));
}

export default function WaitlistHold() {
  const page = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="font-serif text-3xl font-bold">{page.title}</h1>
      <p role="alert" className="mt-4 rounded-xl bg-amber-50 p-4 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
        {page.message}
      </p>
      <Link to={page.back} className="btn-outline mt-6 inline-flex">
        {page.backText}
      </Link>
    </div>
  );
}

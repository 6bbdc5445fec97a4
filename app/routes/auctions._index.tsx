import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { brandName, pathInLang } from "~/i18n/lang";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { AuctionServiceError, fetchAuctions } from "~/auctions/auctions.server";
import { AuctionCard } from "~/components/auction-list-card";
import { format } from "~/i18n/format";
import { messagesFor } from "~/i18n/texts";
import { publicPage } from "~/web/cache-headers";
import { pageMeta } from "~/web/meta";
import { useMessages } from "~/web/site";

/** Prices move with every bid: shared caches keep the list only briefly. */
export const headers = publicPage(10);

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({ title: `${data?.heading ?? "Live Auctions"} | ${data?.brand ?? ""}`, description: data?.subtitle ?? "" });

export async function loader({ context: { deps } }: LoaderFunctionArgs) {
  const config = deps.config;
  const m = messagesFor(deps).auctions;
  if (!config.features.auctions) throw new Response("Not Found", { status: 404 });
  const base = { brand: brandName(config, deps.lang), heading: m.heading, subtitle: m.subtitle, now: deps.now() };
  try {
    return { ...base, auctions: await fetchAuctions(deps, m.failed), error: null };
  } catch (error) {
    if (!(error instanceof AuctionServiceError)) throw error;
    return { ...base, auctions: [], error: error.message };
  }
}

export default function Auctions() {
  const { auctions, error, now } = useLoaderData<typeof loader>();
  const m = useMessages().auctions;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && pathInLang(navigation.location.pathname, "en") === "/auctions";
  return (
    <div className="mx-auto max-w-6xl px-4 py-14">
      <h1 className="font-serif text-4xl font-bold">{m.heading}</h1>
      <p className="mt-3 text-lg text-slate-600 dark:text-slate-300">{m.subtitle}</p>
      {loading ? (
        <p role="status" className="mt-10 flex items-center gap-3 text-slate-600 dark:text-slate-300">
          <span className="h-5 w-5 animate-spin rounded-full border-2 border-river-300 border-t-river-700" aria-hidden="true" />
          {m.loading}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-10 rounded-xl border border-red-300 bg-red-50 p-5 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          {format(m.error, { message: error })}
        </p>
      ) : auctions.length === 0 ? (
        <p className="card mt-10 p-8 text-center text-slate-600 dark:text-slate-300">{m.empty}</p>
      ) : (
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {auctions.map((a) => (
            <li key={a.id} className="flex">
              <AuctionCard auction={a} now={now} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import { useLocation, useRouteLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { errorMessages } from "~/i18n/errors.messages";
import { langOfPath } from "~/i18n/lang";
import { errorMessages as teluguErrorMessages } from "~/i18n/te/errors.messages";
import { messagesOf, type SiteData } from "~/web/site";

/**
 * The page's error: not found (404), a form too large to send (413: back to the page, which shows its form again), or
 * ours (500). Without the root's data (an action's error is rendered without it) the words follow the path's language.
 */
export function ErrorPage({ kind }: { kind: "notFound" | "tooLarge" | "error" }) {
  const root = useRouteLoaderData<SiteData>("root");
  const { pathname } = useLocation();
  const m = (root ? messagesOf(root) : langOfPath(pathname) === "te" ? teluguErrorMessages : errorMessages)[kind];
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-bold text-river-600 dark:text-river-300" aria-hidden="true">
        {{ notFound: "404", tooLarge: "413", error: "500" }[kind]}
      </p>
      <h1 className="mt-4 font-serif text-3xl font-bold">{m.heading}</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">{m.text}</p>
      <Link to={kind === "tooLarge" ? pathname : "/"} className="btn-dark mt-8">
        {m.home}
      </Link>
    </section>
  );
}

import { isRouteErrorResponse, useLocation, useRouteError } from "@remix-run/react";
import { ErrorPage } from "~/components/error-page";
import { Link } from "~/components/link";
import { useMessages } from "~/web/site";
import type { PageFailure } from "~/web/page-errors.server";

/** A page whose data could not be loaded: the page's own words for it, and the same page to try again. */
export function FailedPage({ text }: { text: string }) {
  const m = useMessages().error;
  const { pathname, search } = useLocation();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center" role="alert">
      <h1 className="font-serif text-3xl font-bold">{text}</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">{m.text}</p>
      <Link to={pathname + search} reloadDocument className="btn-dark mt-8">
        {m.retry}
      </Link>
    </section>
  );
}

function isPageFailure(value: unknown): value is PageFailure {
  return typeof value === "object" && value !== null && typeof (value as PageFailure).failed === "string";
}

/**
 * The ErrorBoundary of a page whose loader uses `loadPage`: its failure text inside the site's header and footer;
 * the 404 and every other error as the site's error page.
 */
export function PageFailureBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && isPageFailure(error.data)) return <FailedPage text={error.data.failed} />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status !== 404 && status !== 413) console.error(error);
  return <ErrorPage kind={status === 404 ? "notFound" : status === 413 ? "tooLarge" : "error"} />;
}

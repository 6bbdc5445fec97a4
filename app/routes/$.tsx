import { ErrorPage } from "~/components/error-page";

/** Any path no other route matches. */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return <ErrorPage kind="notFound" />;
}

import { Form } from "~/components/link";
import { useMessages } from "~/web/site";

/**
 * Logout is a POST (never a GET), so a link or prefetch can never sign anyone out. The service worker, where there
 * is one, turns this phone's push off and forgets the kept pages before the sign-out goes.
 */
export function LogoutButton({ className }: { className: string }) {
  const m = useMessages().nav;
  return (
    <Form method="post" action="/logout">
      <button type="submit" className={className}>
        {m.logout}
      </button>
    </Form>
  );
}

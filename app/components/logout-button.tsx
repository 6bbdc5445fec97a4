import { useSubmit } from "@remix-run/react";
import type { FormEvent } from "react";
import { Form } from "~/components/link";
import { turnOffPush } from "~/web/push-off";
import { useMessages } from "~/web/site";

/** Past this, signing out goes ahead without waiting for the push service. */
const PUSH_OFF_WAIT_MS = 3000;

/**
 * Logout is a POST (never a GET), so a link or prefetch can never sign anyone out. With JavaScript, this phone's
 * push notifications are turned off first, while the session can still say whose they are: the next person on
 * this phone must not get the account's news. (What the service worker kept is emptied by the signed-out page.)
 */
export function LogoutButton({ className }: { className: string }) {
  const m = useMessages().nav;
  const submit = useSubmit();
  const signOut = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const wait = new Promise((resolve) => setTimeout(resolve, PUSH_OFF_WAIT_MS));
    Promise.race([turnOffPush().catch(() => {}), wait]).then(() => submit(form));
  };
  return (
    <Form method="post" action="/logout" onSubmit={signOut}>
      <button type="submit" className={className}>
        {m.logout}
      </button>
    </Form>
  );
}

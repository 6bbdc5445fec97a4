import { format } from "~/i18n/format";
import { formatExactTimeIst } from "~/lib/dates";
import { useLang, useMessages } from "~/web/site";

/**
 * A page kept for reading offline says so when it is read that way: 'as of' when the server rendered it, and that
 * forms need a connection. Hidden on the page as sent; the service worker shows it when it serves the kept copy.
 */
export function OfflineNote({ at }: { at: number }) {
  const { app } = useMessages();
  const { lang } = useLang();
  return (
    <div hidden className="offline-banner" role="status" data-offline-banner>
      <strong>{app.offline}</strong> {format(app.asOf, { time: formatExactTimeIst(at, lang) })} {app.formsNeedConnection}
    </div>
  );
}

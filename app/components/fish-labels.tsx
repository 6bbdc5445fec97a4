import { fishMessages } from "~/i18n/fish.messages";
import { format } from "~/i18n/format";
import { fishPath } from "~/landings/rules";

/**
 * Each fish of an order on the packing list: its code and its page's address, printed on the box's label so the
 * customer can open where their fish landed and how it weighed.
 */
export function FishLabels({ codes, origin }: { codes: string[]; origin: string }) {
  if (!codes.length) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-3 text-sm">
      {codes.map((code) => (
        <li key={code} className="rounded-lg border border-river-200 px-3 py-2 dark:border-river-700">
          <a href={fishPath(code)} className="link font-mono">
            {format(fishMessages.weighing.code, { code })}
          </a>
          <span className="block break-all font-mono text-xs">{`${origin}${fishPath(code)}`}</span>
        </li>
      ))}
    </ul>
  );
}

import { fishMessages } from "~/i18n/fish.messages";
import { format } from "~/i18n/format";
import { qrPath } from "~/landings/qr";
import { fishPath } from "~/landings/rules";

/** A fish page's address as a QR code, drawn as SVG on the server: black on white, so it prints and scans in any theme. */
function FishQr({ url, label }: { url: string; label: string }) {
  const { size, path } = qrPath(url);
  return (
    <svg viewBox={`0 0 ${size} ${size}`} width={112} height={112} role="img" aria-label={label} shapeRendering="crispEdges" className="shrink-0">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

/**
 * Each fish of an order on the packing list: a QR code of its page, its code and the page's address, printed on
 * the box's label so the customer can open where their fish landed and how it weighed.
 */
export function FishLabels({ codes, origin }: { codes: string[]; origin: string }) {
  if (!codes.length) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-3 text-sm">
      {codes.map((code) => (
        <li key={code} className="flex items-center gap-3 rounded-lg border border-river-200 px-3 py-2 dark:border-river-700">
          <FishQr url={`${origin}${fishPath(code)}`} label={format(fishMessages.weighing.qr, { code })} />
          <span>
            <a href={fishPath(code)} className="link font-mono">
              {format(fishMessages.weighing.code, { code })}
            </a>
            <span className="block break-all font-mono text-xs">{`${origin}${fishPath(code)}`}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

import { Link } from "@remix-run/react";
import { fishMessages } from "~/i18n/fish.messages";
import { format } from "~/i18n/format";
import { fishPath } from "~/landings/rules";

type Line = { id: number; productId: number | null; unit: string };
type WeighingData = { landings: { id: number; label: string }[]; byItem: Record<number, { code: string; landingId: number }> };

const field = "mt-1 min-h-11 w-full rounded-lg border border-river-400 bg-white px-3 dark:bg-river-900";

/**
 * A fish line's part of the weighing form: its landing and its photos on the scale (the phone's rear camera opens
 * where it can), and an optional short video. A plain multipart form: it works without JavaScript on a slow network.
 */
export function FishFields({ item, fish, weighable }: { item: Line; fish: WeighingData; weighable: boolean }) {
  if (item.productId === null || item.unit !== "kg") return null;
  const t = fishMessages.weighing;
  const known = fish.byItem[item.id];
  const code = known ? (
    <p className="text-sm">
      <a href={fishPath(known.code)} className="link font-mono">
        {format(t.code, { code: known.code })}
      </a>
    </p>
  ) : null;
  if (!weighable) return code ? <div className="basis-full">{code}</div> : null;
  if (!fish.landings.length) {
    return (
      <p className="basis-full text-sm">
        {t.noLanding}{" "}
        <Link to="/admin-dashboard/landings" className="link">
          {t.addLanding}
        </Link>
      </p>
    );
  }
  return (
    <div className="grid basis-full gap-3 sm:grid-cols-3">
      {code ? <div className="sm:col-span-3">{code}</div> : null}
      <label className="flex min-w-0 flex-col text-sm">
        {t.landing}
        <select name={`landing-${item.id}`} defaultValue={known?.landingId ?? fish.landings[0].id} className={field}>
          {fish.landings.map((l) => (
            <option key={l.id} value={l.id}>
              {l.label}
            </option>
          ))}
        </select>
      </label>
      <label className="flex min-w-0 flex-col text-sm">
        {t.photos}
        <input
          type="file"
          name={`photo-${item.id}`}
          accept="image/*"
          capture="environment"
          multiple
          required
          aria-describedby={`photo-hint-${item.id}`}
          className={`${field} py-2`}
        />
        <span id={`photo-hint-${item.id}`} className="mt-1 text-xs text-slate-600 dark:text-slate-300">
          {t.photosHint}
        </span>
      </label>
      <label className="flex min-w-0 flex-col text-sm">
        {t.video}
        <input
          type="file"
          name={`video-${item.id}`}
          accept="video/*"
          capture="environment"
          aria-describedby={`video-hint-${item.id}`}
          className={`${field} py-2`}
        />
        <span id={`video-hint-${item.id}`} className="mt-1 text-xs text-slate-600 dark:text-slate-300">
          {t.videoHint}
        </span>
      </label>
    </div>
  );
}

import { useEffect, useState } from "react";
import { format } from "~/i18n/format";
import { formatExactTimeIst } from "~/lib/dates";
import { useLang } from "~/web/site";

/** What is left: "{d}d {h}h {m}m" in the page's language beyond a day, else a clock. */
function remaining(ms: number, daysLeft: string): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  return d > 0 ? format(daysLeft, { d, h: pad(h), m: pad(m) }) : `${pad(h)}:${pad(m)}:${pad(sec)}`;
}

/** The end date (server-rendered) and, with JavaScript, a ticking countdown to it on the line below. */
export function AuctionCountdown({ endTime, label, daysLeft }: { endTime: string; label: string; daysLeft: string }) {
  const { lang } = useLang();
  const end = new Date(endTime).getTime();
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <>
      <time dateTime={endTime}>{formatExactTimeIst(endTime, lang)}</time>
      {/* Its line is kept from the first paint, so the ticking text that fills it moves nothing below. */}
      <span className="mt-1 block min-h-5 text-sm tabular-nums" data-testid="countdown">
        {now !== null ? `${label} ${remaining(end - now, daysLeft)}` : null}
      </span>
    </>
  );
}

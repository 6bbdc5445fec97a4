import { useEffect, useState } from "react";
import { useLang } from "~/web/site";
import { formatDateTime } from "~/lib/dates";

function remaining(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  return d > 0 ? `${d}d ${pad(h)}h ${pad(m)}m` : `${pad(h)}:${pad(m)}:${pad(sec)}`;
}

/** The end date (server-rendered) and, with JavaScript, a ticking countdown to it. */
export function AuctionCountdown({ endTime, label }: { endTime: string; label: string }) {
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
      <time dateTime={endTime}>{formatDateTime(endTime, lang)}</time>
      {now !== null ? (
        <span className="mt-1 block text-sm tabular-nums" data-testid="countdown">
          {label} {remaining(end - now)}
        </span>
      ) : null}
    </>
  );
}

import { useEffect, useState } from "react";
import { verificationText, type BidTexts, type LogTexts } from "~/auctions/bid-log-text";
import { verifyLog, type PublishedLog } from "../../workers/auction/src/bid-log";

/**
 * The Verify button: fetches the published log and checks it in the browser with the same module the
 * `verify-auction` script and the tests use. It needs JavaScript, so it appears only once the page is hydrated;
 * without it the page offers the JSON and the command instead.
 */
export function VerifyLogButton({ auctionId, texts, bids }: { auctionId: number; texts: LogTexts; bids: BidTexts }) {
  const [hydrated, setHydrated] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => setHydrated(true), []);
  if (!hydrated) return null;

  async function verify() {
    setBusy(true);
    setResult(null);
    try {
      const response = await fetch(`/api/auction/${auctionId}/log`, { headers: { Accept: "application/json" } });
      const body = (await response.json()) as { log?: PublishedLog };
      if (!response.ok || !body.log) throw new Error(`log answered ${response.status}`);
      const verification = await verifyLog(body.log);
      setResult({ ok: verification.ok, text: verificationText(verification, texts, bids) });
    } catch {
      setResult({ ok: false, text: texts.loadFailed });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-4">
      <button type="button" className="btn-dark" onClick={verify} disabled={busy} data-testid="verify">
        {busy ? texts.verifying : texts.verify}
      </button>
      <p
        role="status"
        data-testid="verify-result"
        className={`mt-3 font-semibold ${result?.ok === false ? "text-red-800 dark:text-red-300" : "text-emerald-800 dark:text-emerald-200"}`}
      >
        {result?.text}
      </p>
    </div>
  );
}

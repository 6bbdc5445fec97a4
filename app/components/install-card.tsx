import { useEffect, useState } from "react";
import { useMessages } from "~/web/site";

/** The browser's offer to install (Chromium's `beforeinstallprompt`), kept by entry.client until a page asks. */
export type InstallPrompt = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: "accepted" | "dismissed" }> };

declare global {
  interface Window {
    __installPrompt?: InstallPrompt | null;
  }
}

export const INSTALL_OFFERED = "pulasa:install-offered";

type Way = "menu" | "button" | "iphone" | "installed";

function installed(): boolean {
  return window.matchMedia("(display-mode: standalone)").matches || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

const isIphone = () => /iPhone|iPad|iPod/.test(navigator.userAgent);

/**
 * The footer's card. As the server sends it, it says how to install from the browser's menu; in a browser that
 * offers installation it becomes an Install button, on iPhone it says how there, and once installed it is gone.
 */
export function InstallCard() {
  const f = useMessages().footer;
  const [way, setWay] = useState<Way>("menu");
  useEffect(() => {
    const update = () => setWay(installed() ? "installed" : window.__installPrompt ? "button" : isIphone() ? "iphone" : "menu");
    const done = () => {
      window.__installPrompt = null;
      setWay("installed");
    };
    update();
    window.addEventListener(INSTALL_OFFERED, update);
    window.addEventListener("appinstalled", done);
    return () => {
      window.removeEventListener(INSTALL_OFFERED, update);
      window.removeEventListener("appinstalled", done);
    };
  }, []);

  if (way === "installed") return null;
  const install = async () => {
    const offer = window.__installPrompt;
    if (!offer) return;
    await offer.prompt();
    const { outcome } = await offer.userChoice;
    // An offer is good for one prompt; the browser offers again later if it was dismissed.
    window.__installPrompt = null;
    setWay(outcome === "accepted" ? "installed" : "menu");
  };
  return (
    <div className="rounded-2xl border border-river-700 bg-river-800/60 p-5" data-install-card>
      <h2 className="font-serif text-lg font-bold text-white">{f.installApp}</h2>
      <p className="mt-2 text-sm leading-relaxed">{f.installText}</p>
      {way === "button" ? (
        <button type="button" onClick={install} className="btn-primary mt-3">
          {f.installButton}
        </button>
      ) : (
        <p className="mt-2 text-sm leading-relaxed text-river-200">{way === "iphone" ? f.installIphone : f.installHow}</p>
      )}
    </div>
  );
}

import { useEffect, useRef } from "react";
import { mediaUrl } from "~/lib/media";
import { TeluguNote } from "~/components/telugu-note";
import { useLang, useMessages } from "~/web/site";

/**
 * Starts the hero video once the page has loaded, so its 300 KB never compete with the page's text, poster and
 * code on a slow network; without JavaScript or with reduced motion it stays the still poster.
 */
function usePlayAfterLoad() {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const play = () => {
      if (!matchMedia("(prefers-reduced-motion: reduce)").matches) video.current?.play().catch(() => {});
    };
    if (document.readyState === "complete") return play();
    window.addEventListener("load", play, { once: true });
    return () => window.removeEventListener("load", play);
  }, []);
  return video;
}

/**
 * Full-screen hero. The poster is a real <img> (responsive, high priority) painted first: it is the LCP
 * element. The muted looping video plays over it after the page has loaded; with reduced motion it is hidden.
 */
export function HomeHero({ tagline }: { tagline: string }) {
  const m = useMessages().home;
  const { lang } = useLang();
  const video = usePlayAfterLoad();
  return (
    <section className="relative isolate flex min-h-[calc(100svh-4rem)] items-center overflow-hidden bg-river-900 text-white">
      <picture>
        <source type="image/avif" srcSet={`${mediaUrl("hero-poster", 640, "avif")} 640w, ${mediaUrl("hero-poster", 1280, "avif")} 1280w`} sizes="100vw" />
        <img
          src={mediaUrl("hero-poster", 640, "webp")}
          srcSet={`${mediaUrl("hero-poster", 640, "webp")} 640w, ${mediaUrl("hero-poster", 1280, "webp")} 1280w`}
          sizes="100vw"
          alt=""
          width={1280}
          height={720}
          fetchpriority="high"
          decoding="sync"
          className="absolute inset-0 -z-20 h-full w-full object-cover"
        />
      </picture>
      <video
        ref={video}
        className="hero-video absolute inset-0 -z-10 h-full w-full object-cover"
        muted
        loop
        playsInline
        preload="none"
        aria-hidden="true"
        tabIndex={-1}
      >
        <source src="/media/hero.webm" type="video/webm" />
        <source src="/media/hero.mp4" type="video/mp4" />
      </video>
      <div className="absolute inset-0 -z-10 bg-gradient-to-b from-river-950/70 via-river-950/40 to-river-950/80" aria-hidden="true" />
      {lang === "en" ? <TeluguNote /> : null}
      <div className="mx-auto w-full max-w-6xl px-4 py-20">
        <h1 className="max-w-3xl font-serif text-4xl font-bold leading-tight drop-shadow sm:text-6xl">{m.headline}</h1>
        <p className="mt-5 max-w-2xl text-lg leading-relaxed text-river-50 sm:text-xl">{tagline}</p>
        <div className="mt-9 flex flex-col gap-3 sm:flex-row">
          <a href="#products" className="btn-primary px-7 text-base">
            {m.orderFresh}
          </a>
          <a href="#story" className="btn-outline px-7 text-base text-white">
            {m.seeJourney}
          </a>
        </div>
      </div>
    </section>
  );
}

import type { HomeContent } from "~/content/home";
import { Picture } from "~/components/picture";
import { RichText } from "~/components/rich-text";
import { format } from "~/i18n/format";
import { useMessages } from "~/web/site";

/** The second hero: the river and its fishers. */
export function SecondHero({ content }: { content: HomeContent["secondHero"] }) {
  return (
    <section className="bg-white dark:bg-river-900" aria-labelledby="second-hero-heading">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 md:grid-cols-2">
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-gold-700 dark:text-gold-300">{content.eyebrow}</p>
          <h2 id="second-hero-heading" className="mt-3 font-serif text-3xl font-bold sm:text-4xl">
            {content.heading}
          </h2>
          <p className="mt-5 text-lg leading-relaxed text-slate-600 dark:text-slate-300">{content.text}</p>
        </div>
        <Picture
          {...content.image}
          kind="wide"
          sizes="(min-width: 768px) 36rem, calc(100vw - 2rem)"
          className="aspect-video w-full rounded-2xl object-cover shadow-lg"
        />
      </div>
    </section>
  );
}

/** 'A Legacy of Excellence': the feature card (a <details>, so it opens and closes without JavaScript) and the four steps. */
export function StorySection({ content }: { content: HomeContent }) {
  const m = useMessages().home;
  const { feature } = content;
  return (
    <section id="story" className="mx-auto max-w-6xl px-4 py-20" aria-labelledby="story-heading">
      <h2 id="story-heading" className="text-center font-serif text-3xl font-bold sm:text-4xl">
        {m.storyHeading}
      </h2>
      <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-slate-600 dark:text-slate-300">{content.storyIntro}</p>

      <article className="card mt-12 overflow-hidden">
        <div className="grid md:grid-cols-2">
          <Picture {...feature.image} kind="card" sizes="(min-width: 768px) 36rem, calc(100vw - 2rem)" className="aspect-[4/3] h-full w-full object-cover" />
          <div className="flex flex-col justify-center p-6 sm:p-10">
            <h3 className="font-serif text-2xl font-bold sm:text-3xl">{feature.title}</h3>
            <p className="mt-4 leading-relaxed text-slate-600 dark:text-slate-300">{feature.teaser}</p>
          </div>
        </div>
        <details className="group border-t border-river-100 dark:border-river-800">
          <summary className="flex min-h-12 cursor-pointer items-center justify-center px-6 py-3 font-semibold text-river-700 hover:bg-river-50 focus-visible:outline focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-river-500 dark:text-gold-300 dark:hover:bg-river-800">
            <span className="group-open:hidden">{m.readFullStory}</span>
            <span className="hidden group-open:inline">{m.hideStory}</span>
          </summary>
          <div className="mx-auto max-w-3xl px-6 pb-10">
            <RichText blocks={feature.body} headingOffset={1} />
          </div>
        </details>
      </article>

      <ol className="mt-20 space-y-16">
        {content.steps.map((step, i) => (
          <li key={step.title} className="grid items-center gap-8 md:grid-cols-2">
            <div className={i % 2 === 1 ? "md:order-2" : undefined}>
              <Picture
                {...step.image}
                kind="card"
                sizes="(min-width: 768px) 36rem, calc(100vw - 2rem)"
                className="aspect-[4/3] w-full rounded-2xl object-cover shadow-md"
              />
            </div>
            <div>
              <p className="text-sm font-semibold uppercase tracking-widest text-gold-700 dark:text-gold-300">{format(m.step, { n: i + 1 })}</p>
              <h3 className="mt-2 font-serif text-2xl font-bold">{step.title}</h3>
              <p className="mt-4 text-lg leading-relaxed text-slate-600 dark:text-slate-300">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>

      <section
        className="mt-20 rounded-3xl bg-gradient-to-br from-river-700 to-river-900 px-6 py-14 text-center text-white shadow-xl"
        aria-labelledby="cta-heading"
      >
        <h2 id="cta-heading" className="font-serif text-3xl font-bold">
          {content.cta.heading}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-river-100">{content.cta.text}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <a href="#products" className="btn-primary px-7">
            {m.orderYour}
          </a>
          <a href="#story" className="btn-outline px-7 text-white">
            {m.learnMore}
          </a>
        </div>
      </section>
    </section>
  );
}

import { Link } from "~/components/link";

/** What the product page shows of an open season, in the page's language (see `seasonCard`). */
export type SeasonCardData = { heading: string; intro: string; openUntil: string; book: string; href: string };

/** The product page's way to pre-book: what it means, until when, and the link to the booking page. */
export function SeasonCard({ data }: { data: SeasonCardData }) {
  return (
    <section aria-labelledby="season-heading" className="card mt-6 p-5" data-testid="season-card">
      <h2 id="season-heading" className="text-lg font-bold">
        {data.heading}
      </h2>
      <p className="mt-2 text-sm leading-relaxed">{data.intro}</p>
      <p className="mt-2 text-sm font-medium">{data.openUntil}</p>
      <Link to={data.href} className="btn-primary mt-4 inline-flex">
        {data.book}
      </Link>
    </section>
  );
}

/** Facts that long-form content needs from configuration, so no brand detail is hard-coded in prose. */
export type ContentContext = {
  product: string; // the fish's name, "Pulasa" by default
  brand: string; // store name, e.g. "Godavari Pulasa"
  supportEmail: string;
  supportPhone: string; // display form, e.g. "+91 98490 12345"
  whatsapp: string; // display form
  socialHandle: string; // e.g. "@godavaripulasa"
};

/** A block of rich text. Plain strings only: no HTML, no markdown. */
export type Block =
  | { type: "p"; text: string }
  | { type: "h2"; text: string }
  | { type: "h3"; text: string }
  | { type: "ul"; items: string[] }
  | { type: "ol"; items: string[] }
  | { type: "note"; text: string };

/** An image shipped in public/media: `name` is the base file name without size or extension. */
export type ContentImage = { name: string; alt: string };

export type Blog = {
  id: number; // 1..7
  title: string;
  category: string; // short badge, e.g. "Culture"
  summary: string; // one or two sentences for the index card
  image: ContentImage | null;
  readMinutes: number;
  publishedOn: string; // ISO date, e.g. "2026-07-14"
  sections: Block[]; // empty for article 7 (title only)
};

export type PolicyPage = {
  path: "/help-support" | "/delivery-info" | "/returns-refunds" | "/terms-conditions" | "/privacy-policy";
  title: string;
  description: string; // meta description, <= 155 chars
  updatedOn: string; // ISO date
  intro: string;
  sections: { heading: string; blocks: Block[] }[];
};

export type StoryStep = { title: string; text: string; image: ContentImage };

/** The home page's story: the second hero, the feature behind 'Read Full Story', the four steps and the call to action. */
export type HomeContent = {
  tagline: string;
  secondHero: { eyebrow: string; heading: string; text: string; image: ContentImage };
  storyIntro: string;
  feature: { title: string; teaser: string; image: ContentImage; body: Block[] };
  steps: StoryStep[];
  cta: { heading: string; text: string };
};

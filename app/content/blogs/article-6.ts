import { h2, p, readingMinutes, ul } from "../blocks";
import type { Blog, ContentContext } from "../types";

/** Appeal: why the fish is prized and priced as it is, and how to tell the genuine river fish. */
export function article6(c: ContentContext): Blog {
  const fish = c.product;
  const sections = [
    p(
      `To someone from outside the Godavari districts, the price of ${fish} can look like a misprint. Why would ` +
        "anyone pay more for one fish than for a month of groceries? The answer lies in a mix of biology, " +
        "geography, scarcity and sheer love of flavour. Here is what makes the river fish so special, how it " +
        "differs from its sea-caught twin, and how to make sure you are buying the real thing.",
    ),
    h2("The taste of a journey"),
    p(
      "The hilsa is a sea fish that breeds in fresh water. Before it turns into the river it has built up rich " +
        "reserves of fat to carry it upstream, and that fat runs all through the flesh. The result is a fish that " +
        "is soft, almost buttery, with a deep aroma that fills the kitchen as it cooks.",
    ),
    p(
      "People in the delta believe the river itself finishes the job. As the fish leaves the salt water, passes " +
        "through the brackish estuary and pushes into the fresh, red, silt-laden floodwater, they say its colour " +
        "takes on a golden tinge and its taste loses the sharpness of the sea. Science has not fully explained " +
        "the difference, but fishers, cooks and generations of eaters agree that it is real.",
    ),
    h2("A short and unpredictable season"),
    p(
      "The fish arrives only with the floods, usually somewhere between July and September, and the season lasts " +
        "a matter of weeks. A weak monsoon can mean very few fish; a late one shifts the whole season. Because the " +
        "hilsa is not farmed commercially, there is no steady supply to even things out. Some seasons the river " +
        "yields only a handful of large fish, and each one becomes local news.",
    ),
    h2("Rarity and price"),
    p(
      "Demand, meanwhile, has only grown. Families across Andhra Pradesh and Telangana, and Telugu families much " +
        `further afield, want their share of the season. With falling catches and rising demand, ${fish} has ` +
        "become one of the most expensive fish in India. In recent seasons large fish have sold for around " +
        "Rs. 25,000 per kg at their peak, and a big fish often fetches more per kilogram than a small one.",
    ),
    p(
      "That is why our store lists a price per kilogram and asks only for a small advance when you order. The " +
        "final price depends on the actual weight of the fish caught for you, and we tell you what it is before " +
        "you pay the balance.",
    ),
    h2(`${fish} and Ilasa: the same fish, a different story`),
    p(
      "Ilasa, also called Vilasa, is the same species caught at sea or in coastal waters, before it has entered " +
        "the river. It is landed in much larger quantities, over more of the year, and sells for a fraction of the " +
        "price. It is a good fish in its own right, firmer and milder, and perfectly enjoyable in a curry. It is " +
        "simply not what the Godavari means by the word.",
    ),
    p(
      "Hilsa from other rivers and other states also reaches Andhra markets. The trouble begins in lean seasons, " +
        "when some traders sell sea-caught or out-of-state fish as Godavari river fish at river prices. Buyers in " +
        "the delta have learned to be careful.",
    ),
    h2("How to tell a genuine fish"),
    p("No single sign is proof on its own. Experienced buyers put several together:"),
    ul(
      "Season and source. Genuine river fish is caught only during the flood season. Ask where and when the fish " +
        "was caught; a seller who cannot or will not answer is a warning.",
      "Colour. Local buyers look for a warm golden or coppery sheen over the silver, and say sea-caught fish looks " + "whiter and brighter.",
      "Freshness. The eyes should be clear and full, the gills bright red, the flesh firm enough to spring back " +
        "when pressed, and the smell clean. These signs matter for any fish, and a tired fish is never worth a " +
        "premium.",
      "Price. A river fish offered at a sea-fish price in a lean season is almost certainly not what it claims.",
      "The pot. A true river fish fills the house with its aroma, its flesh is soft and rich, and the gravy shines " + "with its oil.",
    ),
    h2("Our promise"),
    p(
      `At ${c.brand} we sell river-caught fish from the Godavari, in season, and we label anything else for what ` +
        "it is. With every order we tell you where and when your fish was caught and what it weighs, so you know " +
        "exactly what you are paying for. That is the only honest way to sell a fish this precious.",
    ),
  ];
  return {
    id: 6,
    title: `Why ${fish} Is Worth Its Price`,
    category: "Appeal",
    summary:
      "A sea-to-river journey, a short season and shrinking catches: why the river fish is so prized, how it " +
      "differs from sea Ilasa, and how to spot the real thing.",
    image: {
      name: "blog-6",
      alt: "Whole silver fish laid out on ice at a fish market stall",
    },
    readMinutes: readingMinutes(sections),
    publishedOn: "2026-09-21",
    sections,
  };
}

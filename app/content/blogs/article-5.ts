import { h2, p, readingMinutes, ul } from "../blocks";
import type { Blog, ContentContext } from "../types";

/** Sustainability: migration, juveniles, nets and seasons, and the seller's own rules. */
export function article5(c: ContentContext): Blog {
  const sections = [
    p(
      `Every ${c.product} on a plate is a wild fish that made its way from the sea into the river. There is no ` +
        "farm to fall back on: the hilsa is not raised commercially, so next year's season depends entirely on how " +
        "many fish are allowed to breed this year. That makes sustainability a practical question, not a slogan.",
    ),
    h2("A fish that must return to the river"),
    p(
      "The hilsa is anadromous: it lives in the sea but breeds in fresh water. When the monsoon floods reach the " +
        "Bay of Bengal, adult fish move into the rivers to spawn. Their eggs drift in the current, and the young " +
        "fish grow in the river and the estuary before heading out to sea. Those that survive return as adults in " +
        "later seasons. Break any link in that chain and the run grows smaller.",
    ),
    h2("Pressures on the river run"),
    p("Along the Godavari, as in other hilsa rivers, the fish faces several pressures at once. Fisheries officials " + "and researchers commonly point to:"),
    ul(
      "Barrages and dams, which block or slow the upstream migration and change the river's flow.",
      "Reduced freshwater flow and heavy silting in some stretches.",
      "Pollution from towns, industry and farmland.",
      "Heavy fishing of adults before they have had a chance to spawn.",
      "The catching of juvenile fish with fine-mesh nets.",
    ),
    p(
      "The result is familiar to everyone in the delta. Catches in the river have fallen over the decades, the " +
        "fish that once appeared every monsoon is now uncertain, and the price has climbed accordingly.",
    ),
    h2("The problem with small fish"),
    p(
      "Young hilsa are caught in large numbers in some fisheries. In Bangladesh they are called jatka, and in West " +
        "Bengal small hilsa are sold as khoka ilish. A basket of juveniles may hold dozens of fish that would " +
        "otherwise have grown into large adults and spawned several times. Taking them is a loss twice over: for " +
        "the river, which loses its future breeders, and for fishers, who lose the far more valuable grown fish.",
    ),
    p(
      "The size of a net's mesh decides which fish it keeps. A gill net with a wide mesh lets young fish swim " +
        "through and holds only adults. A fine mesh catches everything.",
    ),
    h2("What the rules elsewhere teach"),
    p("Governments around the Bay of Bengal have tried several tools to protect the hilsa, with varying success:"),
    ul(
      "Minimum mesh sizes for gill nets, so that juveniles escape.",
      "Minimum sizes below which hilsa may not be caught or sold.",
      "Closed seasons timed to the peak of spawning, when fishing for hilsa is stopped.",
      "Protected river stretches where young fish can grow undisturbed.",
    ),
    p(
      "On India's east coast there is also an annual fishing ban for mechanised boats from mid-April to mid-June, " +
        "meant to give fish stocks time to breed. Experience suggests such rules work best when they are enforced " +
        "fairly and when fishing families are supported through the closed months, because people who depend on " +
        "the river cannot go for months without an income.",
    ),
    h2("What we do"),
    p(`At ${c.brand} we cannot fix the river on our own, but we can decide how we buy and sell. These are our ` + "rules:"),
    ul(
      "We buy directly from small-boat fishers who use wide-mesh gill nets meant for adult fish. We do not buy " + "fish caught with fine-mesh nets.",
      "We do not buy or sell juvenile fish. Every fish we list is a grown adult.",
      "We sell river fish only in season. When the river is not giving fish, the store says so, and we do not " + "pass off sea-caught fish as river fish.",
      "We fish to order. You pay a small advance, the fish is caught for you, and if none can be caught the " +
        "advance is refunded in full, so nothing is caught speculatively and left to spoil.",
      "We pay fishers promptly and fairly, because a fair price reduces the pressure to catch more and smaller " + "fish.",
      "We follow local fishing rules and closures wherever they apply.",
    ),
    h2("What you can do"),
    ul(
      "Ask where and when your fish was caught. A good seller will tell you.",
      "Say no to small fish, however tempting the price.",
      "Accept that some days, and some years, the river has none to give.",
      "Treat the fish as the seasonal treat it is, and use all of it: head, tail and gravy included.",
    ),
    p(
      `The ${c.product} has come back to the Godavari every monsoon for longer than anyone can remember. Whether ` +
        "it keeps coming depends on the choices of fishers, sellers and buyers alike. We hope our grandchildren " +
        "will argue about the best piece of fish the way our families do today.",
    ),
  ];
  return {
    id: 5,
    title: `Fishing for Tomorrow: Why Responsible ${c.product} Matters`,
    category: "Sustainability",
    summary:
      "The fish returns only if the river lets it breed. How migration, juvenile fish, mesh sizes and seasons shape " + "its future, and what we do about it.",
    image: {
      name: "blog-5",
      alt: "A fisher on the river releasing small juvenile fish from a hand net back into the water",
    },
    readMinutes: readingMinutes(sections),
    publishedOn: "2026-09-07",
    sections,
  };
}

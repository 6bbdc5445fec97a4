import { h2, note, p, readingMinutes, ul } from "../blocks";
import type { Blog, ContentContext } from "../types";

/** Traditions: how Godavari families buy, cook, serve and share the fish. */
export function article4(c: ContentContext): Blog {
  const sections = [
    p(
      `In the Godavari districts a ${c.product} meal is never just dinner. It is planned, discussed, argued over ` +
        "and remembered. Each family has its own way of doing things, but the customs below are shared across the " +
        "delta, and many have travelled with Telugu families wherever they have settled.",
    ),
    h2("Buying: a family affair"),
    p(
      "News of the first catch travels fast. In many households the person who goes to the landing is the one " +
        "with the most experience, often an elder who has bought the fish for decades and trusts their own eyes " +
        "over anyone's promises. They look for a bright sheen, clear eyes, red gills and firm flesh, and they know " +
        "the fishers and traders by name.",
    ),
    p(
      "Prices are negotiated in earnest, and families who want to be sure of a fish often pay a fisher in advance " +
        "to keep one aside. The fish is bought whole. Nothing is wasted: the steaks, the rich belly, the head and " +
        "the tail all have their place in the pot.",
    ),
    h2("The clay pot and the slow fire"),
    p(
      "The traditional way to cook the fish is a pulusu, a tamarind curry, made in a clay pot. Clay heats slowly " +
        "and evenly and holds its warmth, which suits a delicate fish that must simmer without breaking. Many " +
        "families keep one pot just for fish curry, seasoned by years of use, and in villages it may still sit on a " +
        "wood fire.",
    ),
    p(
      "There is a rule every cook repeats: once the fish is in, you do not stir. The pot is lifted by its rim and " +
        "swirled so the gravy rolls over the pieces. A ladle would break the soft flesh and scatter the bones.",
    ),
    h2("Better the next day"),
    p(
      "Ask anyone from the delta when to eat the curry and the answer is: tomorrow. The pulusu is often cooked in " +
        "the evening and eaten the next day, when the tamarind and spices have soaked right into the fish and the " +
        "gravy has thickened and mellowed. Some say the clay pot itself adds to the effect. Whatever the reason, " +
        "day-old pulusu is considered the real thing, and the last spoonfuls of gravy, mixed with rice, are fought " +
        "over.",
    ),
    note(
      "Keeping the curry overnight is tradition; keeping it in the fridge is good sense. Let it cool, refrigerate " +
        "it covered, and reheat it gently until it simmers before serving.",
    ),
    h2("A welcome for the son-in-law"),
    p(
      "Telugu hospitality is famous for the way it treats the alludu, the son-in-law. In the Godavari districts " +
        `few gestures say more during the monsoon than a plate of ${c.product} Pulusu set before him. The expense is ` +
        "part of the message: the family is telling him he is worth the best the river has to offer.",
    ),
    p(
      "The timing helps. In many Telugu families a newly married bride spends the month of Ashadha at her " +
        "parents' home, and when the month ends the couple's visits resume just as the fish arrives in the river. " +
        "For a new son-in-law, that first monsoon visit and the fish served at it can become a story told for years.",
    ),
    h2("Serving on a banana leaf"),
    p("On special occasions the meal is served on a banana leaf. The fish is the star, but it is never alone. A " + "typical leaf might hold:"),
    ul(
      "Hot white rice, the essential partner for the tangy gravy.",
      "A piece or two of fish with plenty of pulusu poured over the rice.",
      "A simple dal or a mild vegetable to balance the tamarind and chilli.",
      "Curd or curd rice at the end, to cool the palate.",
    ),
    p(
      "Everyone has an opinion on the best piece. Some swear by the rich belly, others by the head simmered in the " +
        "gravy. By custom the guest of honour chooses first, and the fish is eaten by hand, slowly, because fingers " +
        "find the fine bones better than any spoon.",
    ),
    h2("Sharing beyond the village"),
    p(
      "The fish has always travelled. Families send pots of curry, sealed and packed, by bus to children and " +
        "relatives in Hyderabad, Visakhapatnam, Bengaluru and Chennai. A pot of pulusu is also a prized gift for " +
        "friends and colleagues, a way of sharing the season with people who cannot come to the river.",
    ),
    p(
      "Today cold-chain delivery means families far from the delta can receive the fish itself and cook it in " +
        "their own kitchens, in their own pots, the way their grandparents did.",
    ),
    h2("Keeping the tradition with us"),
    p(
      `At ${c.brand} we try to respect these customs. We sell the fish whole, cleaned and cut on request with the ` +
        "head and tail included, so nothing the recipe needs is missing. We tell you where and when your fish was " +
        "caught, because that is what a careful buyer at the landing would ask. The rest is up to your family's " +
        "pot, your family's recipe and the people around your table.",
    ),
  ];
  return {
    id: 4,
    title: `From the Landing to the Leaf: How Godavari Families Keep the ${c.product} Tradition`,
    category: "Traditions",
    summary: "Reserving a fish, the clay pot, the son-in-law's welcome and a curry that tastes better tomorrow: the customs " + "around a Godavari feast.",
    image: {
      name: "blog-4",
      alt: "A family sharing a meal of rice and fish curry served on banana leaves",
    },
    readMinutes: readingMinutes(sections),
    publishedOn: "2026-08-17",
    sections,
  };
}

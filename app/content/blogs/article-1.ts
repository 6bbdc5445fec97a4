import { h2, p, readingMinutes, ul } from "../blocks";
import type { Blog, ContentContext } from "../types";

/** Culture: the fish in the life of the Godavari districts. */
export function article1(c: ContentContext): Blog {
  const sections = [
    h2("When the river turns red"),
    p(
      "Every year the south-west monsoon fills the Godavari from hundreds of kilometres upstream, and by the time " +
        "the water reaches the delta it runs fast, wide and the colour of red earth. For most people the floods " +
        "mean closed roads and anxious evenings spent watching the level at the barrage. For the Godavari districts " +
        `they also mean something else: ${c.product} is coming.`,
    ),
    p(
      "The fish is the hilsa, Tenualosa ilisha, a silver member of the herring family that spends most of its life " +
        "in the Bay of Bengal. To spawn it must return to fresh water, so when the floods pour into the sea it turns " +
        "and swims into the river against the current. Along the lower Godavari the fish that makes this journey is " +
        `called ${c.product}. The same species caught at sea is known as Ilasa or Vilasa, and nobody in the delta ` +
        "confuses the two. The season is short, usually somewhere between July and September, and it depends " +
        "entirely on when and how strongly the floods arrive.",
    ),
    h2("Where the river meets its fish"),
    p(
      "Below Rajamahendravaram the Godavari passes through the Dowleswaram barrage and divides into the Gautami and " +
        "Vasishta branches, which reach the sea through a green delta of islands, canals and coconut groves. A few " +
        `place names come up in every ${c.product} conversation:`,
    ),
    ul(
      "Rajamahendravaram (Rajahmundry), the old cultural capital of the region, with its long line of bathing ghats.",
      "Dowleswaram, where the Sir Arthur Cotton Barrage spans the river and fishers work the water below its gates.",
      "Yanam, a small enclave of the Union Territory of Puducherry on the Gautami branch, known for lively " + "early-morning fish sales.",
      "Narsapuram, on the Vasishta branch near the coast, where the river and the tide meet.",
    ),
    p(
      "Villages such as Kotipalli, Bhairavapalem and Siddhantam belong on the same map. Ask anyone from the area " +
        "where the best fish comes from and you will get a confident answer, and a different one from their neighbour.",
    ),
    h2(`Sell your mangalsutra, but eat ${c.product}`),
    p(
      `The region's most quoted saying about the fish is “Pustelu ammi ayina ${c.product} tinali”. Pustelu are the ` +
        "sacred pendants of the mangalsutra a married woman wears, perhaps the last thing a family would part with. " +
        "The saying means that even they may be sold for a taste of the fish. Nobody means it literally. It is " +
        "cheerful exaggeration, the kind every food culture has, and it captures how the delta feels about its " +
        "once-a-year treat: worth the expense, worth the effort, not to be missed.",
    ),
    p(
      "The same spirit shows in everyday habits. Families pay fishers in advance to be sure of a fish. A pot of " +
        "curry travels by bus to relatives in Hyderabad, Bengaluru or Chennai. The first good catch of the season " +
        "makes the local news, complete with its weight and the price it fetched.",
    ),
    h2("The river's own festivals"),
    p(
      "The Godavari is a sacred river as well as a fishing river. The ghats of Rajamahendravaram hold daily worship " +
        "and an evening harathi to the river, and every twelve years the Godavari Pushkaralu brings pilgrims in " +
        "great numbers to bathe there. In the month of Karthika, after the monsoon has gone, small lamps are floated " +
        "on the water in the evenings.",
    ),
    p(
      "The fish arrives in the months of Ashadha and Shravana, a stretch of the calendar full of vows and pujas. " +
        "Some households keep meat-free days for these observances, so the year's fish dinner is planned around the " +
        "family calendar: a vegetarian puja one day, a clay pot of tamarind curry the next. Both belong to the same " +
        "season and the same river.",
    ),
    h2("A livelihood as much as a delicacy"),
    p(
      "For fishing families along the banks the season is a short window for a good income. The work is done from " +
        "small country boats with gill nets, often at night or before dawn, on a swollen river that can be " +
        "dangerous. A single large fish can be worth more than many days of ordinary catch, but nothing is " +
        "guaranteed: some years the river is generous, some years it gives almost nothing. In recent seasons the " +
        "fish has become scarce in the river, which is why every one that lands draws a crowd.",
    ),
    p(
      "That uncertainty is part of the culture too. People speak of good years and lean years the way farmers " +
        "speak of harvests, and older residents remember seasons when the fish was common enough to be an ordinary " +
        "meal.",
    ),
    h2("Why it matters to us"),
    p(
      `${c.brand} grew out of this culture. We want to bring the fish to kitchens across Andhra Pradesh and ` +
        "Telangana without losing what makes it special: the river it came from, the people who caught it and the " +
        "day it landed. When you order from us, you are taking part in a tradition that the Godavari has kept for " +
        "generations, one monsoon at a time.",
    ),
  ];
  return {
    id: 1,
    title: `The River's Silver Guest: ${c.product} in Godavari Life`,
    category: "Culture",
    summary: "How a monsoon fish became part of the Godavari's identity: the floods, the landings, the famous saying and " + "the river's festivals.",
    image: {
      name: "blog-1",
      alt: "Bathing ghats on the Godavari riverfront with devotees and festival lamps along the steps",
    },
    readMinutes: readingMinutes(sections),
    publishedOn: "2026-07-06",
    sections,
  };
}

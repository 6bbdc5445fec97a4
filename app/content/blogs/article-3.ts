import { h2, h3, note, ol, p, readingMinutes, ul } from "../blocks";
import type { Blog, ContentContext } from "../types";

/** Recipes: the clay-pot tamarind curry step by step, a tawa fry and a mustard-steamed dish. */
export function article3(c: ContentContext): Blog {
  const fish = c.product;
  const sections = [
    p(
      `A good ${fish} needs little help from the cook, but it does need care: the flesh is soft, rich and full of ` +
        "fine bones, so it rewards gentle heat. Here are three dishes: the Godavari classic, a quick fry, and a " +
        "mustard-steamed preparation from Bengal, where the same fish is just as loved.",
    ),
    h2("Before you start"),
    ul(
      "Have the fish scaled, cleaned and cut into steaks, and keep the head and tail for the curry.",
      "Rinse the pieces briefly and pat them dry; most cooks avoid soaking them in water.",
      "A clay pot gives the traditional result, but any heavy-bottomed pan works.",
    ),
    h2(`${fish} Pulusu (tamarind curry in a clay pot)`),
    p("The dish the Godavari is famous for: tangy, fiery and glossy with the fish's own oil. Serves four to five " + "with rice and takes about an hour."),
    h3("Ingredients"),
    ul(
      `1 kg ${fish}, scaled, cleaned and cut into 6 to 8 steaks, with the head and tail`,
      "Tamarind the size of a lemon (about 50 g), soaked in 2 cups of warm water",
      "2 medium onions, finely sliced",
      "4 to 5 green chillies, slit lengthwise",
      "8 to 10 okra (bendakaya), cut into 5 cm pieces (optional but traditional)",
      "1 tablespoon ginger-garlic paste",
      "2 tablespoons red chilli powder, or to taste",
      "1 teaspoon turmeric powder",
      "1 tablespoon coriander powder",
      "1 teaspoon cumin seeds and half a teaspoon fenugreek seeds, dry-roasted and ground",
      "1 teaspoon mustard seeds and 2 sprigs of curry leaves",
      "A small piece of jaggery (optional, to round off the sourness)",
      "4 tablespoons groundnut or sesame oil",
      "Salt to taste, and a handful of chopped coriander leaves",
    ),
    h3("Method"),
    ol(
      "Rub the fish pieces with a little salt, a pinch of turmeric and a teaspoon of the chilli powder. Set them " + "aside for 15 minutes.",
      "Squeeze the soaked tamarind and strain it to get about 2 cups of thick extract.",
      "Warm the oil in the pot, raising the heat gradually so a clay pot is not shocked, and splutter the mustard " + "seeds.",
      "Add the curry leaves, green chillies and onions. Cook, stirring, until the onions are soft and golden.",
      "Stir in the ginger-garlic paste and the remaining turmeric, chilli and coriander powder for a minute, then " +
        "add the okra and fry for two to three minutes.",
      "Add the tamarind extract, a cup of water, the salt and the jaggery. Simmer for about 10 minutes, until the " + "raw tamarind smell is gone.",
      "Slide in the fish, head and tail too, in a single layer. Do not stir from now on: hold the pot by its rim " +
        "with a cloth and swirl it so the gravy coats the fish.",
      "Cover and simmer on low heat for 15 to 20 minutes, until the fish is cooked through and red oil floats on " + "top.",
      "Sprinkle over the ground cumin and fenugreek and the coriander leaves, swirl once more and turn off the heat.",
      "Rest the pot covered. For the classic result, cool it, refrigerate it overnight and reheat gently next day.",
    ),
    note(
      "Why wait a day? Overnight the tamarind and spices soak deep into the fish and the gravy thickens and " +
        "mellows. Bring it back to a gentle simmer before serving.",
    ),
    h2(`${fish} Vepudu (tawa fry)`),
    p("A quick shallow fry for a few steaks, ready in about 40 minutes including marinating."),
    h3("Ingredients for the fry"),
    ul(
      "4 to 6 fish steaks (about 500 g)",
      "1 tablespoon red chilli powder and half a teaspoon turmeric",
      "1 teaspoon ginger-garlic paste and 1 teaspoon coriander powder",
      "1 tablespoon lemon juice and salt to taste",
      "1 tablespoon rice flour, for a light crust",
      "3 to 4 tablespoons oil for shallow frying",
    ),
    h3("Method for the fry"),
    ol(
      "Mix the spices, ginger-garlic paste, lemon juice, salt and rice flour into a thick paste.",
      "Coat the steaks on both sides and leave them for 20 minutes.",
      "Heat the oil on a heavy tawa over medium heat and lay the steaks in without crowding.",
      "Fry for four to five minutes a side, turning once, until crisp outside and cooked through.",
      "Serve hot with sliced onion and lemon wedges.",
    ),
    h2(`Mustard-steamed ${fish} (Bengal style)`),
    p("In Bengal the same fish is the ilish, often steamed in a sharp mustard paste: a lovely contrast to the " + "tamarind curry."),
    h3("Ingredients for the steamed dish"),
    ul(
      "4 fish steaks",
      "3 tablespoons mustard seeds (black, or black and yellow mixed), soaked for 30 minutes",
      "3 to 4 green chillies, two for the paste and the rest slit",
      "Half a teaspoon turmeric and salt to taste",
      "3 tablespoons mustard oil",
    ),
    h3("Method for the steamed dish"),
    ol(
      "Grind the drained mustard seeds with two green chillies, a pinch of salt and a little cold water to a smooth " +
        "paste, briefly, as over-grinding can turn it bitter.",
      "Mix the paste with the turmeric, salt and two tablespoons of the mustard oil.",
      "Coat the steaks in a steel container with a tight lid, top with the slit chillies and the last of the oil.",
      "Close the lid and steam the container in a covered pan of simmering water for 15 to 20 minutes.",
      "Serve straight from the container with plain steamed rice.",
    ),
    h2("At the table"),
    p(
      "Serve any of these with hot white rice and eat with your fingers, which find the fine bones far better " +
        "than a fork. Save a little pulusu gravy for the next morning: with rice, it is many people's favourite " +
        "part of the season.",
    ),
  ];
  return {
    id: 3,
    title: `${fish} Pulusu and Two More: Recipes from the Godavari Kitchen`,
    category: "Recipes",
    summary: `A step-by-step ${fish} Pulusu in a clay pot, a simple tawa fry, and a mustard-steamed dish from the ` + "Bengal side of the family.",
    image: {
      name: "blog-3",
      alt: "A clay pot of red tamarind fish curry surrounded by tamarind pods, dried red chillies and whole spices",
    },
    readMinutes: readingMinutes(sections),
    publishedOn: "2026-08-03",
    sections,
  };
}

import { h2, h3, ol, p, ul } from "./blocks";
import type { Block, HomeContent } from "./types";

export type { HomeContent };

/** The long story behind the 'Read Full Story' toggle, ending with the classic curry. */
function featureBody(fish: string): Block[] {
  return [
    h2("A sea fish that belongs to the river"),
    p(
      `${fish} is the hilsa, Tenualosa ilisha, a silver fish of the herring family that lives most of its life in ` +
        "the Bay of Bengal. Each year, when the south-west monsoon floods pour down the Godavari and into the sea, " +
        "the adult fish turn towards the river to spawn and swim upstream against the current. Along the lower " +
        `Godavari, around Rajamahendravaram, Dowleswaram, Yanam and Narsapuram, the fish that makes this journey is ` +
        `called ${fish}. Caught at sea, the same species is simply Ilasa, and it is not the same thing on a plate.`,
    ),
    h2("The taste of the floodwaters"),
    p(
      "The fish enters the river carrying rich reserves of fat for its journey, and that fat runs through the " +
        "flesh. Cooked, it is soft and almost buttery, with an aroma that fills the house. People in the delta " +
        "say the red, silt-laden floodwater finishes the job, turning the fish's silver to a golden sheen and " +
        "softening the sharpness of the sea. Its fine bones demand patience; nobody who has tasted it minds.",
    ),
    h2("Rare, and priced like it"),
    p(
      "The season is short, usually a few weeks between July and September, and it depends on the floods. The " +
        "hilsa is not farmed commercially, and catches in the river have fallen over the years, so every fish is " +
        `wild and many seasons are lean. In recent years large ${fish} has sold for about Rs. 25,000 per kg at ` +
        "the height of the season, and the first big fish to land still makes the local news.",
    ),
    p(
      `No one in the Godavari districts is surprised. The favourite local saying, “Pustelu ammi ayina ${fish} ` +
        "tinali”, says you should eat the fish even if you have to sell your mangalsutra to pay for it. It is a " +
        "joke, but only just. Families reserve fish with the fishers in advance, serve it to an honoured son-in-law " +
        "and send pots of curry to relatives in distant cities.",
    ),
    h2("How we bring it to you"),
    p(
      "We work with small-boat fishers who use wide-mesh gill nets and keep only grown fish. You reserve your fish " +
        "with a small advance, it is caught for you, and we tell you its actual weight and final price before you " +
        "pay the balance. If the river gives nothing, the advance comes back to you in full.",
    ),
    h3(`${fish} Pulusu, the Godavari way`),
    p(
      "The classic way to cook the fish is a tangy tamarind curry, simmered in a clay pot and, by long tradition, " +
        "eaten the day after it is made. This version serves four to five people with hot rice.",
    ),
    p("You will need:"),
    ul(
      `1 kg ${fish}, scaled, cleaned and cut into steaks, with the head and tail`,
      "Tamarind the size of a lemon, soaked in 2 cups of warm water and strained",
      "2 onions, finely sliced, and 4 to 5 green chillies, slit",
      "8 to 10 okra, cut into short pieces (optional)",
      "1 tablespoon ginger-garlic paste and 2 sprigs of curry leaves",
      "2 tablespoons red chilli powder, 1 teaspoon turmeric and 1 tablespoon coriander powder",
      "1 teaspoon mustard seeds; 1 teaspoon cumin and half a teaspoon fenugreek seeds, roasted and ground",
      "A small piece of jaggery, salt to taste, and 4 tablespoons groundnut or sesame oil",
    ),
    p("Method:"),
    ol(
      "Rub the fish with a little salt, turmeric and chilli powder and set it aside for 15 minutes.",
      "Heat the oil gently in the clay pot, splutter the mustard seeds, then fry the curry leaves, green chillies " + "and onions until golden.",
      "Stir in the ginger-garlic paste and the spice powders for a minute, then add the okra.",
      "Pour in the tamarind extract with a cup of water, the salt and the jaggery, and simmer for 10 minutes.",
      "Lay the fish in the pot in a single layer. From here, swirl the pot by its rim instead of stirring.",
      "Cover and cook on low heat for 15 to 20 minutes, until the fish is done and red oil rises to the top.",
      "Finish with the ground cumin and fenugreek, rest the pot covered, then refrigerate it once cool and reheat " + "it gently the next day.",
    ),
  ];
}

/**
 * The home page's words in English, the fish named `fish`. They travel in the message catalogue (with
 * `{product}` for the name), not in the home page's data, where they would be sent a second time after the HTML.
 */
export function homeStory(fish: string): HomeContent {
  return {
    tagline: `Wild ${fish}, caught fresh from the Godavari in the monsoon floods and delivered to your door.`,
    secondHero: {
      eyebrow: "From the river, by hand",
      heading: "Netted by Godavari fishers, one boat at a time",
      text:
        "Before dawn in the flood season, small wooden boats push out from the banks near Dowleswaram, Yanam and " +
        "Narsapuram. The fishers who crew them know every current of the swollen river, and they bring in each " +
        `${fish} with a gill net, the way their families have for generations.`,
      image: { name: "river-boats", alt: "Small wooden fishing boats on the wide Godavari river at dawn" },
    },
    storyIntro: "From the monsoon floods of the Godavari to your kitchen: the story of the river's most prized fish.",
    feature: {
      title: `${fish} – The Queen of Indian Fish`,
      teaser:
        "Once a year, when the monsoon turns the Godavari red with silt, a silver fish swims in from the Bay of " +
        `Bengal against the flood. Its taste is so prized that the saying goes: eat ${fish}, even if you must sell ` +
        "your mangalsutra to pay for it.",
      image: { name: "story-queen", alt: `A whole fresh ${fish} with gleaming silver-gold scales` },
      body: featureBody(fish),
    },
    steps: [
      {
        title: "The Monsoon's Gift",
        text:
          "When the south-west monsoon swells the Godavari, hilsa leave the Bay of Bengal and swim upriver to " +
          "spawn. For a few weeks, usually between July and September, the red floodwaters bring the most prized " +
          "fish of the year.",
        image: { name: "story-monsoon", alt: "The Godavari in monsoon flood beneath heavy rain clouds" },
      },
      {
        title: "The Artisanal Catch",
        text:
          "Our fishers work the river from small wooden boats with wide-mesh gill nets, as their families have for " +
          "generations. Each fish is brought in by hand, and only grown adults are kept.",
        image: { name: "story-catch", alt: "A fisher hauling a gill net into a small wooden boat on the river" },
      },
      {
        title: "Quality and Selection",
        text:
          "Every fish is checked at the landing for clear eyes, red gills and firm flesh, then weighed so you know " +
          "its actual weight and final price before you pay the balance. A fish that falls short of our standard " +
          "is never sold to you.",
        image: { name: "story-selection", alt: "Hands inspecting a fresh silver fish laid on crushed ice" },
      },
      {
        title: "Delivered Fresh",
        text:
          "Your fish is iced at the landing and packed in an insulated box, then delivered to your door in under " +
          "24 hours from the catch through an unbroken cold chain. We deliver across Andhra Pradesh and Telangana " +
          "in morning and evening slots.",
        image: { name: "story-delivery", alt: "An insulated delivery box packed with ice and fresh whole fish" },
      },
    ],
    cta: {
      heading: "Experience the Royal Tradition",
      text:
        `Reserve your ${fish} with a ₹500 advance and bring the Godavari's most celebrated season to your table. ` +
        "We tell you the final weight and price as soon as your fish is caught.",
    },
  };
}

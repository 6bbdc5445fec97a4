import { h2, note, p, readingMinutes, ul } from "../blocks";
import type { Blog, ContentContext } from "../types";

/** Health: what the fish offers as food, stated carefully and without medical claims. */
export function article2(c: ContentContext): Blog {
  const sections = [
    p(
      `Most people buy ${c.product} for the taste, not for a nutrition label. Still, it is fair to ask what a plate ` +
        "of this fish actually gives you. The short answer: it is an oily fish, and oily fish are among the most " +
        "nourishing foods you can put on the table. Here is what that means, without the exaggeration that often " +
        "surrounds the subject.",
    ),
    h2("An oily fish, and that is a good thing"),
    p(
      "The hilsa belongs to the herring family, alongside sardines and shad. Like its relatives it stores fat in " +
        "its flesh rather than mainly in its liver, as lean white fish do. That fat is where much of the flavour " +
        "lives, and it is also where several valuable nutrients are found. A fish that has just entered the river " +
        "to spawn has built up its reserves for the journey, which is one reason the river fish is so rich.",
    ),
    p(
      "Because this is a wild fish, its exact make-up varies with size, season and where it was caught. For that " +
        "reason we do not print precise nutrition figures. What follows describes what oily fish such as hilsa are " +
        "known to provide.",
    ),
    h2("Omega-3 fatty acids"),
    p(
      "Oily fish are one of the best food sources of the long-chain omega-3 fatty acids EPA and DHA. The body can " +
        "make only small amounts of these from plant sources such as flaxseed and walnuts, so eating fish is the " +
        "most direct way to get them. DHA is a structural part of the brain and the retina of the eye.",
    ),
    p(
      "Many national dietary guidelines encourage people to eat fish regularly, often suggesting around two " +
        "servings a week with at least one of them an oily fish, as part of a balanced diet.",
    ),
    h2("High-quality protein"),
    p(
      "Like other fish, hilsa provides complete protein, meaning it contains all the essential amino acids the " +
        "body cannot make for itself. Protein is needed to build and repair tissues, including muscle, and fish " +
        "protein is generally easy to digest. A serving of fish with rice makes a satisfying, well-rounded meal.",
    ),
    h2("Vitamin D and vitamin B12"),
    p(
      "Oily fish is one of the few foods that naturally contain vitamin D. Most of our vitamin D is made in the " +
        "skin in sunlight, but people who spend their days indoors may not make enough. Vitamin D helps the body " +
        "absorb calcium and is needed for healthy bones and muscles.",
    ),
    p(
      "Vitamin B12 is found naturally only in foods of animal origin, and fish is a good source. The body needs " +
        "it to make red blood cells and to keep the nervous system working normally.",
    ),
    p("Fish in general also supply minerals, among them:"),
    ul(
      "Selenium, which the body builds into a number of its own enzymes.",
      "Iodine, needed to make thyroid hormones.",
      "Phosphorus, which works with calcium in bones and teeth.",
    ),
    h2("How you cook it matters"),
    p(
      `The traditional ${c.product} Pulusu is a kind way to cook an oily fish. It is simmered gently in tamarind ` +
        "and spices with a moderate amount of oil, and the fish's own fat melts into the gravy that you eat with " +
        "rice, so little is lost. Okra or other vegetables in the pot add fibre. Deep frying, by contrast, adds " +
        "a good deal of extra oil, and a heavy hand with salt is worth watching in any curry.",
    ),
    h2("Enjoying it sensibly"),
    ul(
      "Mind the bones. Hilsa is famous for its many fine bones. Eat slowly and take the bones out for children and " + "older family members.",
      "Fish allergy. If you or a guest are allergic to fish, avoid it completely, including the gravy.",
      "Pregnancy and health conditions. If you are pregnant, breastfeeding, managing a medical condition or taking " +
        "regular medicines, ask your doctor or a dietitian how much fish suits you.",
      "Freshness and storage. Keep the fish cold from the moment it arrives, cook it thoroughly, and refrigerate " + "leftovers promptly.",
      "Balance. This is a rich, seasonal treat. Enjoy it as part of a varied diet with plenty of vegetables, " + "pulses and whole grains.",
    ),
    note(
      "This article is general information about food and nutrition. It is not medical advice and is not meant to " +
        "diagnose, treat or prevent any condition.",
    ),
    h2("A seasonal pleasure"),
    p(
      `The best reason to eat ${c.product} is still the simplest one: it is delicious, and it comes only once a ` +
        "year. It is a pleasant bonus that a fish so loved for its flavour is also a genuinely nourishing food. " +
        "Cook it well, share it with people you care about, and enjoy the season while it lasts.",
    ),
  ];
  return {
    id: 2,
    title: `What's on Your Plate: The Nutrition of ${c.product}`,
    category: "Health",
    summary:
      "An oily river fish with protein, omega-3 fats, vitamin D and B12: what these nutrients are, what they do, " + "and how to enjoy the fish sensibly.",
    image: {
      name: "blog-2",
      alt: "A fresh whole river fish on a plate surrounded by leafy greens, lemon and herbs",
    },
    readMinutes: readingMinutes(sections),
    publishedOn: "2026-07-20",
    sections,
  };
}

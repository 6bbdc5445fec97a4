import { describe, expect, it } from "vitest";
import { countWords } from "./blocks";
import { getBlog, getBlogs } from "./blogs";
import { getMessages } from "~/i18n/texts";
import { homeStory } from "./home";
import { teHomeStory } from "./te/home";
import { getPolicy } from "./policies";
import { POLICY_PATHS as policyPaths } from "./policies/paths";
import type { Block, ContentContext, PolicyPage } from "./types";

/** A different fish and brand, to prove every name in the prose comes from configuration. */
const c: ContentContext = {
  product: "Hilsa",
  brand: "River Hilsa Co",
  supportEmail: "help@example.in",
  supportPhone: "+91 90000 11111",
  whatsapp: "+91 90000 22222",
  socialHandle: "@riverhilsa",
};

function allStrings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(allStrings);
  if (value && typeof value === "object") return Object.values(value).flatMap(allStrings);
  return [];
}

const policies = policyPaths.map((path) => getPolicy(c, path)).filter((page): page is PolicyPage => !!page);
const policyText = (page: PolicyPage) => allStrings(page).join("\n");
const everyPolicy = policies.map(policyText).join("\n");

describe("blogs", () => {
  const blogs = getBlogs(c);

  it("has seven articles with ids 1 to 7, in order", () => {
    expect(blogs.map((b) => b.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(getBlog(c, 3)?.id).toBe(3);
    expect(getBlog(c, 0)).toBeUndefined();
    expect(getBlog(c, 8)).toBeUndefined();
  });

  it("gives articles 1 to 6 sections, an image, a short summary and an honest reading time", () => {
    const categories = ["Culture", "Health", "Recipes", "Traditions", "Sustainability", "Appeal"];
    for (const blog of blogs.slice(0, 6)) {
      const words = countWords(blog.sections);
      expect(blog.sections.length).toBeGreaterThan(0);
      expect(blog.sections.some((b) => b.type === "h2")).toBe(true);
      expect(blog.image?.name).toBe(`blog-${blog.id}`);
      expect(blog.image?.alt.length).toBeGreaterThan(10);
      expect(blog.summary.trim().length).toBeGreaterThan(0);
      expect(blog.summary.length).toBeLessThanOrEqual(180);
      expect(blog.category).toBe(categories[blog.id - 1]);
      expect(words).toBeGreaterThanOrEqual(600);
      expect(words).toBeLessThanOrEqual(900);
      expect(blog.readMinutes).toBe(Math.round(words / 200));
      expect(blog.publishedOn).toMatch(/^2026-(06|07|08|09|10)-\d\d$/);
    }
  });

  it("keeps article 7 to a title only", () => {
    const seven = blogs[6];
    expect(seven.title.length).toBeGreaterThan(5);
    expect(seven.sections).toEqual([]);
    expect(seven.image).toBeNull();
  });

  it("includes a full recipe with ingredients and method", () => {
    const recipe = getBlog(c, 3)?.sections ?? [];
    expect(recipe).toContainEqual({ type: "h2", text: expect.stringContaining("Hilsa Pulusu") });
    expect(recipe.some((b) => b.type === "ul")).toBe(true);
    expect(recipe.some((b) => b.type === "ol")).toBe(true);
  });
});

describe("home", () => {
  const home = homeStory(c.product);
  const story = home.feature.body;
  const body = allStrings(story).join("\n");

  it("uses the configured fish in the feature card and its recipe", () => {
    expect(home.feature.title).toBe("Hilsa – The Queen of Indian Fish");
    expect(home.feature.image.name).toBe("story-queen");
    expect(home.secondHero.image.name).toBe("river-boats");
    expect(body).toContain("about Rs. 25,000 per kg");
    expect(body).toContain("Hilsa Pulusu");
    const types = story.map((b: Block) => b.type);
    expect(types).toEqual(expect.arrayContaining(["h3", "ul", "ol"]));
    const words = countWords(story);
    expect(words).toBeGreaterThanOrEqual(500);
    expect(words).toBeLessThanOrEqual(800);
  });

  it("is the catalogue's, with the catalogue's fish filled in", () => {
    expect(getMessages(c.product, "en").home.story).toEqual(home);
    expect(getMessages("పులస", "te").home.story).toEqual(teHomeStory("పులస"));
  });

  it("tells the four-step story, ending with cold-chain delivery", () => {
    expect(home.steps.map((s) => s.title)).toEqual(["The Monsoon's Gift", "The Artisanal Catch", "Quality and Selection", "Delivered Fresh"]);
    expect(home.steps.map((s) => s.image.name)).toEqual(["story-monsoon", "story-catch", "story-selection", "story-delivery"]);
    const delivery = home.steps[3].text;
    expect(delivery).toContain("under 24 hours");
    expect(delivery).toContain("cold chain");
    expect(home.cta.heading).toBe("Experience the Royal Tradition");
  });
});

describe("policies", () => {
  it("serves the five pages by path and nothing else", () => {
    expect(policies.map((p) => p.path)).toEqual(["/help-support", "/delivery-info", "/returns-refunds", "/terms-conditions", "/privacy-policy"]);
    expect(getPolicy(c, "/unknown")).toBeUndefined();
    expect(getPolicy(c, "/help-support/")?.title).toBe("Help & Support");
    for (const page of policies) {
      expect(page.description.length).toBeLessThanOrEqual(155);
      expect(page.updatedOn).toBe("2026-11-27");
      expect(page.sections.length).toBeGreaterThanOrEqual(4);
      expect(page.sections.length).toBeLessThanOrEqual(8);
      expect(new Set(page.sections.map((s) => s.heading)).size).toBe(page.sections.length);
    }
  });

  it.each([
    ["/help-support", "Help & Support", ["8:00 AM – 8:00 PM (IST)", "10:00 AM – 6:00 PM (IST)", "24 hours", "48 hours"]],
    ["/delivery-info", "Delivery Information", ["7:00 AM – 11:00 AM (IST)", "3:00 PM – 8:00 PM (IST)", "under 24 hours"]],
    ["/returns-refunds", "Returns & Refunds", ["within 2 hours", "original payment method", "until its status is 'Shipped'"]],
    ["/terms-conditions", "Terms & Conditions", ["limited to the order value", "Telangana", "Hyderabad"]],
    ["/privacy-policy", "Privacy Policy", ["Digital Personal Data Protection Act, 2023"]],
  ])("%s is titled %s and states its key facts", (path, title, facts) => {
    const page = getPolicy(c, path);
    expect(page?.title).toBe(title);
    const text = page ? policyText(page) : "";
    for (const fact of facts) expect(text).toContain(fact);
  });

  it("states every policy fact somewhere", () => {
    const facts = [
      "₹500",
      "Razorpay",
      "by the payment link we send you, or in cash on delivery",
      "refunded in full",
      "8:00 AM – 8:00 PM (IST), Monday to Sunday",
      "10:00 AM – 6:00 PM (IST), Monday to Saturday",
      "within 24 hours",
      "within 48 hours",
      "excluding",
      "5 to 7 working days after approval",
      "7:00 AM – 11:00 AM (IST)",
      "3:00 PM – 8:00 PM (IST)",
      "Delivery is free to every address we serve",
      "no distance fee",
      "text message (SMS)",
      "cold chain",
      "Andhra Pradesh",
      "Telangana",
      "Returns are not accepted after delivery",
      "exchanges",
      "Transit damage",
      "Wrong product",
      "Not delivered",
      "Report a problem",
      "Cancel order",
      "sold whole at its winning price, without weighing",
      "within 2 hours of delivery",
      "photos or videos",
      "original payment method",
      "limited to the order value",
      "laws of India",
      "per kilogram",
      "INR",
      "Bids are binding",
      "highest bid",
      "Soft close",
      "never stored by us",
      "session cookie",
      "theme cookie",
      "one-time code",
      "Digital Personal Data Protection Act, 2023",
      c.supportEmail,
      c.supportPhone,
      c.whatsapp,
      c.socialHandle,
    ];
    for (const fact of facts) expect(everyPolicy).toContain(fact);
  });

  it("describes the token-advance model, never payment-first confirmation", () => {
    expect(everyPolicy).not.toMatch(/confirmed only after (full )?payment/i);
    expect(everyPolicy).not.toMatch(/only after full payment/i);
  });
});

describe("configuration", () => {
  it("never hard-codes the default fish name when another is configured", () => {
    const everything = allStrings([getBlogs(c), homeStory(c.product), policies]);
    const offenders = everything.filter((s) => /pulasa/i.test(s));
    expect(offenders).toEqual([]);
    expect(everything.some((s) => s.includes("Hilsa"))).toBe(true);
  });

  it("uses plain text only: no HTML tags or markdown emphasis", () => {
    const everything = allStrings([getBlogs(c), homeStory(c.product), policies]);
    expect(everything.filter((s) => /<[a-z/][^>]*>|\*\*|__|^#+ /i.test(s))).toEqual([]);
  });
});

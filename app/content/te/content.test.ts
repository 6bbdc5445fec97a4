import { describe, expect, it } from "vitest";
import { readingMinutes } from "../blocks";
import { getBlog, getBlogs } from "../blogs";
import { homeStory } from "../home";
import { teHomeStory } from "./home";
import { getPolicy } from "../policies";
import * as enFacts from "../policies/facts";
import { POLICY_PATHS } from "../policies/paths";
import type { Block, ContentContext, PolicyPage } from "../types";
import * as teFacts from "./policies/facts";
import { en } from "../../i18n/messages";
import { te } from "../../i18n/te/messages";

/** What a Telugu page passes: the fish and the store by their Telugu names. */
const c: ContentContext = {
  product: "పులస",
  brand: "గోదావరి పులస",
  supportEmail: "help@example.in",
  supportPhone: "+91 90000 11111",
  whatsapp: "+91 90000 22222",
  socialHandle: "@riverhilsa",
};
/** Another fish and brand, to prove the Telugu prose takes both from configuration too. */
const other: ContentContext = { ...c, product: "ఇలిష్", brand: "నదీ హిల్సా" };

/** Keys whose values are identifiers or data, never text a reader sees. */
const NOT_TEXT = new Set(["name", "path", "updatedOn", "publishedOn", "type"]);

function visibleText(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(visibleText);
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, v]) => (NOT_TEXT.has(key) ? [] : visibleText(v)));
  }
  return [];
}

const numbers = (value: unknown) => new Set(visibleText(value).flatMap((s) => s.match(/\d+/g) ?? []));
const digitRuns = (s: string) => s.match(/\d+/g) ?? [];

/** Block kinds in order, with the length of every list: the shape a translation keeps. */
const shape = (blocks: Block[]) => blocks.map((b) => ("items" in b ? `${b.type}×${b.items.length}` : b.type));

/** The share of a string's letters that are Telugu script (Latin letters are the rest). */
function teluguShare(s: string): number {
  const telugu = s.match(/[\u0C00-\u0C7F]/g)?.length ?? 0;
  const latin = s.match(/[A-Za-z]/g)?.length ?? 0;
  return telugu + latin === 0 ? 1 : telugu / (telugu + latin);
}

const pages = (ctx: ContentContext, lang: "en" | "te") => POLICY_PATHS.map((path) => getPolicy(ctx, path, lang)).filter((page): page is PolicyPage => !!page);
const everything = (ctx: ContentContext) => [getBlogs(ctx, "te"), teHomeStory(ctx.product), pages(ctx, "te")];

describe("Telugu articles", () => {
  const en = getBlogs(c);
  const te = getBlogs(c, "te");

  it("mirror every English article's id, date, image and shape", () => {
    expect(te.map((b) => b.id)).toEqual(en.map((b) => b.id));
    te.forEach((blog, i) => {
      expect(blog.publishedOn).toBe(en[i].publishedOn);
      expect(blog.image?.name).toBe(en[i].image?.name);
      expect(shape(blog.sections)).toEqual(shape(en[i].sections));
      expect(numbers(blog)).toEqual(numbers(en[i]));
      expect(blog.title).not.toBe(en[i].title);
      expect(blog.summary.length).toBeLessThanOrEqual(180);
    });
    expect(new Set(te.map((b) => b.category)).size).toBe(7);
  });

  it("are served by id in Telugu, and English stays the default", () => {
    expect(getBlog(c, 3, "te")).toEqual(te[2]);
    expect(getBlog(c, 0, "te")).toBeUndefined();
    expect(getBlog(c, 8, "te")).toBeUndefined();
    expect(getBlog(c, 3)).toEqual(en[2]);
    expect(getBlogs(c, "en")).toEqual(en);
  });

  it("take about as long to read as the English originals", () => {
    te.forEach((blog, i) => {
      expect(blog.readMinutes).toBe(readingMinutes(blog.sections, "te"));
      expect(Math.abs(blog.readMinutes - en[i].readMinutes)).toBeLessThanOrEqual(1);
    });
    expect(te.slice(0, 6).every((b) => b.readMinutes >= 3)).toBe(true);
    expect(te[6]).toMatchObject({ readMinutes: 0, sections: [], image: null });
  });

  it("keep the recipe's title dish, its ingredients and its method", () => {
    const recipe = getBlog(c, 3, "te")?.sections ?? [];
    expect(recipe).toContainEqual({ type: "h2", text: expect.stringContaining("పులస పులుసు") });
    expect(recipe.filter((b) => b.type === "ol").length).toBe(3);
  });
});

describe("Telugu home story", () => {
  const en = homeStory(c.product);
  const te = teHomeStory(c.product);

  it("has the English story's images, steps, facts and shape", () => {
    expect(te.secondHero.image.name).toBe(en.secondHero.image.name);
    expect(te.feature.image.name).toBe(en.feature.image.name);
    expect(te.steps.map((s) => s.image.name)).toEqual(en.steps.map((s) => s.image.name));
    expect(shape(te.feature.body)).toEqual(shape(en.feature.body));
    expect(numbers(te)).toEqual(numbers(en));
    expect(te.feature.title).toBe("పులస – భారతీయ చేపల రాణి");
    expect(te.cta.text).toContain(enFacts.ADVANCE);
  });
});

describe("Telugu policies", () => {
  const en = pages(c, "en");
  const te = pages(c, "te");

  it("serve the same five paths with the same date, sections and shape", () => {
    expect(te.map((p) => p.path)).toEqual(en.map((p) => p.path));
    expect(getPolicy(c, "/help-support/", "te")?.title).toBe("సహాయం & సపోర్ట్");
    expect(getPolicy(c, "/unknown", "te")).toBeUndefined();
    te.forEach((page, i) => {
      expect(page.updatedOn).toBe(en[i].updatedOn);
      expect(page.description.length).toBeLessThanOrEqual(155);
      expect(page.sections.map((s) => shape(s.blocks))).toEqual(en[i].sections.map((s) => shape(s.blocks)));
      expect(new Set(page.sections.map((s) => s.heading)).size).toBe(page.sections.length);
    });
  });

  it.each(POLICY_PATHS)("%s states the same numbers as in English", (path) => {
    const numbersOf = (lang: "en" | "te") => [...numbers(getPolicy(c, path, lang))].sort();
    expect(numbersOf("te")).toEqual(numbersOf("en"));
  });

  it("words each shared fact with the English fact's numbers, in the same order", () => {
    for (const [key, value] of Object.entries(enFacts)) {
      const telugu = teFacts[key as keyof typeof teFacts];
      expect(telugu, key).toBeTypeOf("string");
      expect(digitRuns(telugu), key).toEqual(digitRuns(value));
    }
    expect(teFacts.ADVANCE).toBe(enFacts.ADVANCE);
    expect(teFacts.UPDATED_ON).toBe(enFacts.UPDATED_ON);
  });

  it("state a shared fact on every page whose English version states it", () => {
    const worded = Object.keys(enFacts).filter((key) => key !== "UPDATED_ON") as (keyof typeof enFacts)[];
    te.forEach((page, i) => {
      const enText = visibleText(en[i]).join("\n");
      const teText = visibleText(page).join("\n");
      for (const key of worded) {
        if (enText.includes(enFacts[key])) expect(teText, `${page.path} ${key}`).toContain(teFacts[key]);
      }
    });
  });

  it("name the contacts, the gateway and the law exactly", () => {
    const all = te.map((page) => visibleText(page).join("\n")).join("\n");
    for (const fact of [c.supportEmail, c.supportPhone, c.whatsapp, c.socialHandle, "Razorpay", "UPI", "INR"]) expect(all).toContain(fact);
    expect(all).toContain("Digital Personal Data Protection Act, 2023");
    expect(all).toContain("హైదరాబాద్‌లోని తెలంగాణ న్యాయస్థానాల");
  });
});

describe("policy titles", () => {
  const footerKeys = ["helpSupport", "deliveryInfo", "returnsRefunds", "terms", "privacy"] as const;

  it.each(["en", "te"] as const)("are the footer's link texts, word for word (%s)", (lang) => {
    const footer = (lang === "te" ? te : en).footer;
    expect(pages(c, lang).map((page) => page.title)).toEqual(footerKeys.map((key) => footer[key]));
  });
});

describe("Telugu text", () => {
  it("is written in Telugu: every visible string mostly, the whole almost entirely", () => {
    const strings = visibleText(everything(c));
    const englishLeftovers = strings.filter((s) => teluguShare(s) < 0.6);
    expect(englishLeftovers).toEqual([]);
    expect(teluguShare(strings.join(" "))).toBeGreaterThan(0.95);
  });

  it("takes the fish and the brand from configuration, with Telugu endings after the name", () => {
    const strings = visibleText(everything(other));
    expect(strings.filter((s) => /పులస|pulasa/i.test(s))).toEqual([]);
    expect(strings.some((s) => s.includes("ఇలిష్ పులుసు"))).toBe(true);
    expect(strings.some((s) => s.includes("నదీ హిల్సాలో"))).toBe(true);
  });

  it("is plain text: no HTML tags, markdown emphasis or stray escapes", () => {
    const strings = visibleText(everything(c));
    expect(strings.filter((s) => /<[a-z/][^>]*>|\*\*|__|^#+ |\\u|\$\{/i.test(s))).toEqual([]);
    expect(strings.filter((s) => s !== s.trim() || /\s{2,}/.test(s))).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { callRoute } from "../../tests/setup/routes";
import { getMessages } from "~/i18n/texts";
import { loader } from "~/routes/_index";

describe("the home page's data", () => {
  it("leaves the page's words (its story, steps and call to action) to the catalogue, so a page does not send them twice", async () => {
    for (const [path, lang] of [
      ["/", "en"],
      ["/te", "te"],
    ] as const) {
      const { status, body } = await callRoute(loader, path);
      expect(status).toBe(200);
      const data = JSON.stringify(body);
      const story = getMessages(lang === "te" ? "పులస" : "Pulasa", lang).home.story;
      expect(body).toMatchObject({ description: story.tagline });
      expect(data).not.toContain("Tenualosa ilisha");
      expect(data).not.toContain(story.steps[0].text);
      expect(data).not.toContain(story.cta.text);
      expect(JSON.stringify(story)).toContain("Tenualosa ilisha");
    }
  });
});

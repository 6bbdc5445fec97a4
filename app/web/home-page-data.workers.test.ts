import { describe, expect, it } from "vitest";
import { callRoute } from "../../tests/setup/routes";
import { getMessages } from "~/i18n/catalogue";
import { loader } from "~/routes/_index";

describe("the home page's data", () => {
  it("leaves the long story behind 'Read Full Story' to the catalogue, so a page does not send it twice", async () => {
    for (const [path, lang] of [
      ["/", "en"],
      ["/te", "te"],
    ] as const) {
      const { status, body } = await callRoute(loader, path);
      expect(status).toBe(200);
      const data = JSON.stringify(body);
      expect(data).toContain("story-queen");
      expect(data).not.toContain("Tenualosa ilisha");
      expect(JSON.stringify(getMessages("Pulasa", lang).home.storyBody)).toContain("Tenualosa ilisha");
    }
  });
});

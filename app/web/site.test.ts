import { describe, expect, it } from "vitest";
import { getMessages } from "~/i18n/catalogue";
import { catalogueJson, readMessages } from "./site";

describe("the catalogue in the root's data", () => {
  it("travels as JSON text that reads back as the catalogue", () => {
    const messages = getMessages("Pulasa", "te");
    const json = catalogueJson(messages);
    expect(typeof json).toBe("string");
    expect(readMessages(json)).toEqual(messages);
  });

  it("is written once per catalogue and read once per text", () => {
    const messages = getMessages("Pulasa", "en");
    expect(catalogueJson(messages)).toBe(catalogueJson(messages));
    const copy = JSON.stringify(messages);
    expect(readMessages(copy)).toBe(readMessages(JSON.stringify(messages)));
  });
});

import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { prefersTelugu, TeluguNote } from "./telugu-note";

describe("the English home page's offer of the Telugu shop", () => {
  it("is for a browser that lists Telugu among its languages, in any place", () => {
    expect(prefersTelugu(["te"])).toBe(true);
    expect(prefersTelugu(["en-IN", "te-IN"])).toBe(true);
    expect(prefersTelugu(["TE-in"])).toBe(true);
    expect(prefersTelugu(["en-IN", "hi"])).toBe(false);
    expect(prefersTelugu(["tet"])).toBe(false);
    expect(prefersTelugu([])).toBe(false);
  });

  it("is not in the server's page, which is the same for every visitor", () => {
    expect(renderToString(createElement(TeluguNote))).toBe("");
  });
});

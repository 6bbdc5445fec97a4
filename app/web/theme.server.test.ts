import { describe, expect, it } from "vitest";
import { readTheme, serializeTheme } from "./theme.server";

const withCookie = (cookie: string | null) => new Request("https://store.test/", cookie === null ? {} : { headers: { Cookie: cookie } });

describe("the theme", () => {
  it("follows the device's light or dark preference until the visitor picks one", async () => {
    expect(await readTheme(withCookie(null))).toBe("system");
    expect(await readTheme(withCookie("theme=not-base64-json"))).toBe("system");
  });

  it("is the visitor's pick once made", async () => {
    for (const theme of ["light", "dark", "system"] as const) expect(await readTheme(withCookie((await serializeTheme(theme)).split(";")[0]))).toBe(theme);
  });
});

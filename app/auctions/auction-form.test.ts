import { describe, expect, it } from "vitest";
import { checkAuctionForm } from "./auction-form";

const now = Date.UTC(2026, 10, 23, 0, 0);

describe("the admin's auction form", () => {
  it("names every problem at once, each on its field", () => {
    const checked = checkAuctionForm(
      {
        title: "ab",
        description: "short",
        product_image: "https://elsewhere.example/x.jpg",
        starting_price: "10.5",
        min_increment: "0",
        start_time: "soon",
        end_time: "",
      },
      now,
    );
    expect(checked).toEqual({
      ok: false,
      errors: {
        title: "Title must be 3 to 120 characters",
        description: "Description must be 10 to 2000 characters",
        product_image: "Choose one of the product images or upload one",
        starting_price: "Starting price must be a whole number of rupees",
        min_increment: "Minimum increment must be a whole number of rupees",
        start_time: "Enter a valid start time",
        end_time: "Enter a valid end time",
      },
    });
  });

  it("takes the Telugu title and description as optional, held to the English ones' limits", () => {
    const form = { title: "Royal Pulasa", description: "One large fish, caught at dawn.", starting_price: "1000", end_time_ms: String(now + 3_600_000) };
    const without = checkAuctionForm({ ...form, title_te: " ", description_te: "" }, now);
    expect(without.ok && [without.value.titleTe, without.value.descriptionTe]).toEqual([null, null]);
    const withTelugu = checkAuctionForm({ ...form, title_te: " రాయల్ పులస ", description_te: "తెల్లవారుజామున పట్టిన ఒకే పెద్ద పులస." }, now);
    expect(withTelugu.ok && [withTelugu.value.titleTe, withTelugu.value.descriptionTe]).toEqual(["రాయల్ పులస", "తెల్లవారుజామున పట్టిన ఒకే పెద్ద పులస."]);
    expect(checkAuctionForm({ ...form, title_te: "పు", description_te: "చిన్నది" }, now)).toEqual({
      ok: false,
      errors: { title_te: "The Telugu title must be 3 to 120 characters", description_te: "The Telugu description must be 10 to 2000 characters" },
    });
  });

  it("still checks the end against now when the start is unreadable", () => {
    const checked = checkAuctionForm(
      { title: "Royal Pulasa", description: "One large fish.", starting_price: "1000", start_time: "x", end_time: "2026-11-22T10:00" },
      now,
    );
    expect(checked.ok === false && checked.errors).toEqual({
      start_time: "Enter a valid start time",
      end_time: "The end must be after the start and in the future",
    });
  });

  it("accepts a complete form", () => {
    expect(checkAuctionForm({ title: "Royal Pulasa", description: "One large fish.", starting_price: "1000", end_time: "2026-11-23T07:30" }, now).ok).toBe(
      true,
    );
  });
});

import { describe, expect, it } from "vitest";
import { CLAIM_WINDOW_MS, claimDeadline, evidenceProblem, isWithinClaimWindow, needsEvidence } from "./rules";

const MB = 1024 * 1024;

describe("claim rules", () => {
  it("the window is 2 hours from delivery, its last moment included", () => {
    const delivered = Date.UTC(2026, 10, 23, 9, 0, 0);
    expect(CLAIM_WINDOW_MS).toBe(7_200_000);
    expect(claimDeadline(delivered)).toBe(delivered + 7_200_000);
    expect(isWithinClaimWindow(delivered, delivered)).toBe(true);
    expect(isWithinClaimWindow(delivered, delivered + 7_200_000)).toBe(true);
    expect(isWithinClaimWindow(delivered, delivered + 7_201_000)).toBe(false);
    expect(claimDeadline(null)).toBeNull();
    expect(isWithinClaimWindow(null, delivered)).toBe(false);
  });

  it("damage and a wrong product need a photo or video; at most 5 files, 30 MB together", () => {
    expect(needsEvidence("transit_damage")).toBe(true);
    expect(needsEvidence("wrong_product")).toBe(true);
    expect(needsEvidence("not_delivered")).toBe(false);
    expect(evidenceProblem("transit_damage", [])).toBe("missing");
    expect(evidenceProblem("wrong_product", [])).toBe("missing");
    expect(evidenceProblem("not_delivered", [])).toBeNull();
    expect(
      evidenceProblem(
        "transit_damage",
        Array.from({ length: 5 }, () => ({ size: 6 * MB })),
      ),
    ).toBeNull();
    expect(
      evidenceProblem(
        "transit_damage",
        Array.from({ length: 6 }, () => ({ size: 1 })),
      ),
    ).toBe("tooMany");
    expect(evidenceProblem("not_delivered", [{ size: 25 * MB }, { size: 5 * MB + 1 }])).toBe("tooLarge");
  });
});

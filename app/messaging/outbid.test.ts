import { describe, expect, it } from "vitest";
import { outbidText } from "./outbid";

describe("the outbid text", () => {
  const lot = { title: "Royal Pulasa 2 kg", pricePaise: 3_120_000, auctionId: 7, base: "https://godavaripulasa.in" };

  it("names the lot, the bid now (Rs in English: the rupee sign would make it Unicode) and the auction's page in the bidder's language", () => {
    expect(outbidText({ ...lot, brand: "Godavari Pulasa" }, "en")).toBe(
      "Godavari Pulasa: You have been outbid on Royal Pulasa 2 kg: the bid is now Rs 31,200. Bid again: https://godavaripulasa.in/auctions/7",
    );
    expect(outbidText({ ...lot, brand: "గోదావరి పులస", title: "రాయల్ పులస" }, "te")).toBe(
      "గోదావరి పులస: రాయల్ పులసపై మీ కంటే ఎక్కువ బిడ్ వచ్చింది: ఇప్పుడు బిడ్ ₹31,200. మళ్లీ బిడ్ వేయండి: https://godavaripulasa.in/te/auctions/7",
    );
  });

  it("without the store's address, it has no link rather than a broken one", () => {
    expect(outbidText({ ...lot, brand: "Godavari Pulasa", base: null }, "en")).toBe(
      "Godavari Pulasa: You have been outbid on Royal Pulasa 2 kg: the bid is now Rs 31,200.",
    );
  });
});

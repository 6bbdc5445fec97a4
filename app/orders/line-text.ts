import { quantityText, weightText, type ProductUnit } from "~/catalog/units";
import { format } from "~/i18n/format";
import type { Lang } from "~/i18n/lang";

/** An order line as stored: what was ordered, and once weighed or counted, what it came to. `unit` null: an auction lot. */
export type OrderLine = {
  name: string;
  quantity: number;
  unit: ProductUnit | null;
  pricePaise: number;
  weightGrams: number | null;
  packsDelivered: number | null;
  finalPaise: number | null;
};

type LineWords = { lineWeighed: string; lineCounted: string };

/**
 * An order line as the customer and the packer read it, with the amount that stands beside it. Before weighing:
 * what was ordered at its estimate ("Fresh Pulasa Fish × 3 kg", ₹75,000). Once weighed: the weight ordered, the
 * weight weighed and the final price ("Fresh Pulasa Fish · 3 kg ordered · weighed 3.15 kg", ₹78,750); a pack line
 * once counted, the packs delivered. An auction lot is its name at its price.
 */
export function orderLineText(line: OrderLine, words: LineWords, lang: Lang): { text: string; paise: number } {
  if (line.unit === null) return { text: line.name, paise: line.finalPaise ?? line.pricePaise * line.quantity };
  const ordered = quantityText(line.quantity, line.unit, lang);
  if (line.finalPaise !== null && line.unit === "kg" && line.weightGrams !== null) {
    return { text: `${line.name} · ${format(words.lineWeighed, { ordered, weight: weightText(line.weightGrams, lang) })}`, paise: line.finalPaise };
  }
  if (line.finalPaise !== null && line.unit === "pack" && line.packsDelivered !== null) {
    const delivered = quantityText(line.packsDelivered, "pack", lang);
    return { text: `${line.name} · ${format(words.lineCounted, { ordered, delivered })}`, paise: line.finalPaise };
  }
  return { text: `${line.name} × ${ordered}`, paise: line.pricePaise * line.quantity };
}

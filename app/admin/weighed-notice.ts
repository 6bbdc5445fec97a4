import { quantityText, weightText } from "~/catalog/units";
import { format } from "~/i18n/format";
import { inLang, type Lang } from "~/i18n/lang";
import { formatRupees } from "~/lib/money";
import type { NoticeMessages } from "~/notifications/notice-messages";
import type { RecordedLine } from "./fulfilment";

type CustomerMessages = NoticeMessages["customer"];

type NamedLine = RecordedLine & { name: string; nameTe?: string | null };

/** What one recorded line came to, as the customer reads it (its name in their language): its weight or its packs, and its price. */
function lineText(m: CustomerMessages, lang: Lang, line: NamedLine, paise: number): string {
  const price = formatRupees(paise);
  const name = inLang(line.name, line.nameTe, lang);
  if (line.productId === null) return format(m.lineLot, { name, price });
  if (line.unit === "kg") return format(m.lineKg, { name, weight: weightText(line.weightGrams ?? 0, lang), price });
  const delivered = line.packsDelivered ?? 0;
  if (delivered === line.quantity) return format(m.linePacks, { name, packs: quantityText(delivered, "pack", lang), price });
  return format(m.linePacksShort, { name, delivered, packs: quantityText(line.quantity, "pack", lang), price });
}

/**
 * The notice that the final price is known, in the customer's words (`m`, in `lang`): every line (weight, or
 * packs delivered), the final price and the balance. Fish is weighed; an order of packs alone is counted, never
 * weighed.
 */
export function weighedNotice(
  m: CustomerMessages,
  lang: Lang,
  number: string,
  lines: NamedLine[],
  totals: { finalPaise: number; balancePaise: number; lines: number[] },
): { title: string; message: string } {
  const weighed = lines.some((l) => l.productId !== null && l.unit === "kg");
  const intro = format(weighed ? m.weighedIntro : m.countedIntro, { number });
  const list = lines.map((l, i) => lineText(m, lang, l, totals.lines[i])).join("; ");
  const final = formatRupees(totals.finalPaise);
  const money =
    totals.balancePaise < 0
      ? format(m.finalBelowAdvance, { final, difference: formatRupees(-totals.balancePaise) })
      : format(m.finalPrice, { final, balance: formatRupees(totals.balancePaise) });
  return { title: format(weighed ? m.weighedTitle : m.countedTitle, { number }), message: `${intro} ${list}. ${money}` };
}

import { describe, expect, it } from "vitest";
import { action as reportAction, loader as reportLoader } from "~/routes/orders.$number.claim";
import { loader as orderLoader } from "~/routes/orders.$number._index";
import { format } from "~/i18n/format";
import { claimMessages as te } from "~/i18n/te/claims.messages";
import { formatDateTimeIst } from "~/lib/dates";
import { DAMAGE, pngFile, setUpClaimsWorld } from "../../tests/setup/claims";
import { cookieOf, runRoute } from "../../tests/setup/claims-pages";
import { readFlash } from "~/web/flash.server";
import { testDeps } from "../../tests/setup/deps";

const w = setUpClaimsWorld();

/** The report form as a browser without JavaScript sends it: multipart, the files as chosen. */
function reportForm(fields: Record<string, string>, files: File[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files.length ? files : [new File([], "")]) form.append("files", file);
  return { method: "POST", body: form };
}

type Reply = { status: number; body: { error?: Record<string, string[]> } };

describe("the report page on a Telugu page", () => {
  it("shows its words and refuses in Telugu, and thanks in Telugu", async () => {
    const { order, user, deliveredAt, lastMoment } = await w.deliveredOrder("cash");
    const cookie = await cookieOf(user.id);
    const params = { number: order.number };
    const path = `/te/orders/${order.number}/claim`;
    const post = (now: number, fields: Record<string, string>, files?: File[]) =>
      runRoute(reportAction, path, { cookie, now, params, init: reportForm(fields, files) }) as Promise<Reply | Response>;

    const page = (await runRoute(reportLoader, path, { cookie, now: deliveredAt, params })) as { body: { texts: { page: { title: string } } } };
    expect(page.body.texts.page.title).toBe(te.page.title);

    const missing = (await post(deliveredAt, { ...DAMAGE })) as Reply;
    expect(missing.body.error?.files).toEqual([te.errors.missing]);
    const fake = (await post(deliveredAt, { ...DAMAGE }, [new File(["just words"], "photo.png", { type: "image/png" })])) as Reply;
    expect(fake.body.error?.files).toEqual([format(te.errors.file, { name: "photo.png", problem: te.errors.notAccepted })]);
    const short = (await post(deliveredAt, { kind: "wrong_product", description: "bad" }, [pngFile("x")])) as Reply;
    expect(short.body.error?.description).toEqual([te.errors.description]);

    const tooLate = format(te.errors.tooLate, { number: order.number, time: formatDateTimeIst(lastMoment, "te") });
    expect(((await post(lastMoment + 1000, { ...DAMAGE }, [pngFile("late")])) as Reply).body.error?.[""]).toEqual([tooLate]);
    const closed = (await runRoute(reportLoader, path, { cookie, now: lastMoment + 1000, params })) as { body: { closed: string } };
    expect(closed.body.closed).toBe(tooLate);

    const sent = (await post(deliveredAt + 1000, { ...DAMAGE }, [pngFile("crushed")])) as Response;
    const cookieBack = (sent.headers.get("Set-Cookie") ?? "").split(";")[0];
    const { flash } = await readFlash(new Request("https://store.test/", { headers: { Cookie: cookieBack } }), testDeps());
    expect(flash?.text).toBe(format(te.received, { number: order.number }));

    const orderPage = (await runRoute(orderLoader, `/te/orders/${order.number}`, { cookie, now: deliveredAt + 2000, params })) as {
      body: { claimTexts: { section: { title: string }; states: { open: string } } | null };
    };
    expect(orderPage.body.claimTexts).toMatchObject({ section: { title: te.section.title }, states: { open: te.states.open } });
  });

  it("an order without claims, past its window, sends no claims texts", async () => {
    const { order, user, lastMoment } = await w.deliveredOrder("cash");
    const cookie = await cookieOf(user.id);
    const page = (await runRoute(orderLoader, `/te/orders/${order.number}`, { cookie, now: lastMoment + 1000, params: { number: order.number } })) as {
      body: { claimTexts: unknown };
    };
    expect(page.body.claimTexts).toBeNull();
  });
});

import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { MoveChoice } from "~/admin/delivery-move.server";
import { en } from "~/i18n/messages";
import { MoveDeliveryForm, movePreselect } from "./admin-order-delivery";
import { StatusForm } from "./admin-order-forms";

// The forms as the server renders them, without a router: Remix's Form is a plain form there.
vi.mock("@remix-run/react", () => ({ Form: (props: Record<string, unknown>) => createElement("form", props) }));

const render = async (element: ReactElement) => renderToStaticMarkup(element);

const labels = en.shop.status.labels;
const label = (s: string | null) => (s ? (labels[s as keyof typeof labels] ?? s) : "—");
const status = (next: string[]) => render(createElement(StatusForm, { version: 4, next, waiting: [], label, busy: false }));

describe("the admin order page's status form", () => {
  it("offers the only move there is as one button named for it, with no list to choose from", async () => {
    const html = await status(["order_packed"]);
    expect(html).not.toContain("<select");
    expect(html).toContain('<input type="hidden" name="status" value="order_packed"/>');
    expect(html).toMatch(/<button type="submit" name="intent" value="status"[^>]*>Mark as Packed<\/button>/);
    expect(html).not.toContain("Update status");
  });

  it("keeps the list and 'Update status' where there is a real choice", async () => {
    const html = await status(["order_packed", "order_shipped"]);
    expect(html).toContain('<select name="status"');
    expect(html).toContain(">Update status</button>");
    expect(html).not.toContain("Mark as");
  });

  it("shows no form when no move is possible", async () => {
    expect(await status([])).not.toContain("<form");
  });
});

describe("the admin order page's 'Move to'", () => {
  const choices: MoveChoice[] = [
    { date: "2026-11-28", slot: "morning", state: "open" },
    { date: "2026-11-28", slot: "evening", state: "current" },
    { date: "2026-11-29", slot: "morning", state: "full" },
    { date: "2026-11-29", slot: "evening", state: "open" },
  ];
  const move = (list: MoveChoice[]) =>
    render(createElement(MoveDeliveryForm, { version: 2, delivery: { date: "2026-11-28", slot: "evening" }, choices: list, busy: false }));
  const selected = (html: string) =>
    [...html.matchAll(/<option[^>]*selected=""[^>]*value="([^"]*)"|<option[^>]*value="([^"]*)"[^>]*selected=""/g)].map((m) => m[1] ?? m[2]);

  it("shows the date and slot booked now as chosen, never another one", async () => {
    expect(movePreselect(choices)).toBe("2026-11-28.evening");
    expect(selected(await move(choices))).toEqual(["2026-11-28.evening"]);
  });

  it("shows nothing chosen when the booked slot can no longer be chosen (past its cut-off)", async () => {
    const later = choices.filter((c) => c.state !== "current");
    expect(movePreselect(later)).toBe("");
    const html = await move(later);
    expect(selected(html)).toEqual([""]);
    expect(html).toContain('<option value="" selected="">Choose a date and slot</option>');
  });
});

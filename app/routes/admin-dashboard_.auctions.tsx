import { LotOffers } from "~/components/admin-lot-offers";
import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { adminAuctionData, cancelAuction, checkAuctionPhoto, createAuction, stopLotOffers, uploadAuctionImage } from "~/auctions/admin.server";
import { lotOrders } from "~/orders/lot-offers.server";
import { photoMessages } from "~/catalog/photos";
import type { CheckedPhoto } from "~/catalog/uploads.server";
import { PhotoPicker } from "~/components/photo-picker";
import { shopAdminMessages } from "~/i18n/shop-admin.messages";
import { InvalidInputError } from "~/lib/errors";
import { checkAuctionForm, type AuctionFormErrors } from "~/auctions/auction-form";
import { FormError } from "~/components/form-field";
import { auctionLiveMessages } from "~/i18n/auction-live.messages";
import { formatAdminDateTime } from "~/lib/dates";
import { formatRupees } from "~/lib/money";
import { redirectWithFlash } from "~/web/flash.server";
import { fishMessages } from "~/i18n/fish.messages";
import { lotFish, tieAuctionFish } from "~/landings/landings.server";
import { weightText } from "~/catalog/units";
import { requireAdmin } from "~/web/guards.server";
import { privateMeta } from "~/web/meta";
import { useMessages } from "~/web/site";

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: MetaFunction = ({ matches }) => privateMeta("Manage Auctions", matches);

export async function loader({ request, context: { deps } }: LoaderFunctionArgs) {
  await requireAdmin(request, deps);
  const [data, lots] = await Promise.all([adminAuctionData(deps), lotFish(deps)]);
  // Who each closed lot went to: the winner's order, then each second chance's.
  const offers = await lotOrders(
    deps,
    data.rows.filter((r) => r.status === "ended").map((r) => r.id),
  );
  return {
    ...data,
    offers,
    now: deps.now(),
    lots: lots.filter((f) => f.auctionId === null).map((f) => ({ id: f.id, label: `${f.code} · ${weightText(f.weightGrams)} · ${f.place}` })),
  };
}

const BACK = "/admin-dashboard/auctions";

export async function action({ request, context: { deps, oversizedForm } }: ActionFunctionArgs) {
  await requireAdmin(request, deps);
  const m = auctionLiveMessages;
  // The auction Worker checks the admin itself, from the admin's own cookie.
  const cookie = request.headers.get("Cookie") ?? "";
  // Above the page's cap no photo arrived, only the fields typed before it (the form puts its photo last).
  const form = oversizedForm ?? (await request.formData());
  const value = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v.slice(0, 2000) : "";
  };
  if (value("intent") === "stop-offers" && !oversizedForm) {
    const result = await stopLotOffers(deps, cookie, Number(value("id")));
    return redirectWithFlash(deps, BACK, result.ok ? { type: "success", text: m.stopDone } : { type: "error", text: result.error ?? m.stopFailed });
  }
  if (value("intent") === "cancel" && !oversizedForm) {
    const result = await cancelAuction(deps, cookie, Number(value("id")), value("reason"));
    return redirectWithFlash(deps, BACK, result.ok ? { type: "success", text: m.cancelDone } : { type: "error", text: result.error ?? m.cancelFailed });
  }
  const values = {
    title: value("title"),
    description: value("description"),
    title_te: value("title_te"),
    description_te: value("description_te"),
    product_image: value("product_image"),
    starting_price: value("starting_price"),
    min_increment: value("min_increment"),
    start_time: value("start_time"),
    end_time: value("end_time"),
    fish: value("fish"),
  };
  // A refusal comes back with what was typed, so nothing has to be typed again (only a file must be chosen again).
  const refuse = (error: string, errors: AuctionFormErrors = {}, status = 400) => data({ error, errors, values }, { status });
  // Every field's problem at once, beside its field, the photo's too, before anything is sent.
  const checked = checkAuctionForm(values, deps.now());
  const fieldErrors = checked.ok ? {} : checked.errors;
  if (oversizedForm) return refuse(m.fixFields, { ...fieldErrors, upload: photoMessages.tooLarge }, 413);
  const file = form.get("upload");
  let photo: CheckedPhoto | null = null;
  let photoError: string | null = null;
  if (file instanceof File && (file.size > 0 || file.name)) {
    try {
      photo = await checkAuctionPhoto(file);
    } catch (error) {
      if (!(error instanceof InvalidInputError)) throw error;
      photoError = error.message;
    }
  }
  if (!checked.ok || photoError) return refuse(m.fixFields, { ...fieldErrors, ...(photoError ? { upload: photoError } : {}) });
  let image = values.product_image;
  if (photo) {
    const stored = await uploadAuctionImage(deps, cookie, photo);
    if (!stored.ok) return refuse(m.fixFields, { upload: stored.error ?? m.badImage });
    image = stored.url;
  }
  const result = await createAuction(deps, cookie, { ...values, product_image: image });
  if (!result.ok) return refuse(result.error ?? m.createFailed);
  // The lot's fish on the scale, when the admin chose one weighed for it.
  const fish = /^\d{1,9}$/.test(value("fish")) ? Number(value("fish")) : null;
  if (fish !== null && result.id !== null)
    await tieAuctionFish(deps, result.id, fish).catch((error) => console.warn("The auction's fish was not tied:", error));
  return redirectWithFlash(deps, BACK, { type: "success", text: m.created });
}

const field = "min-h-11 w-full rounded-xl border border-river-400 bg-white px-4 dark:bg-river-950";
/** A form cell that may shrink below its input's natural width (date and file inputs are wide on phones). */
const cell = "flex min-w-0 flex-col gap-1";

function statusOf(row: { status: string; startTime: number | null; endTime: number }, now: number, m: ReturnType<typeof useMessages>) {
  if (row.status === "cancelled") return auctionLiveMessages.cancelled;
  if (row.status === "ended" || row.endTime <= now) return m.auctions.ended;
  if (row.startTime !== null && row.startTime > now) return auctionLiveMessages.scheduledBadge;
  return auctionLiveMessages.live;
}

export default function AdminAuctions() {
  const { rows, images, now, lots, offers } = useLoaderData<typeof loader>();
  const messages = useMessages();
  const m = auctionLiveMessages;
  const busy = useNavigation().state === "submitting";
  const [preparing, setPreparing] = useState(false);
  const refused = useActionData<typeof action>();
  const typed: Partial<Record<string, string>> = refused && "values" in refused ? refused.values : {};
  const errors: AuctionFormErrors = refused && "errors" in refused ? refused.errors : {};
  const errorOf = (name: keyof AuctionFormErrors) => {
    const error = errors[name];
    return {
      input: { "aria-invalid": error ? true : undefined, "aria-describedby": error ? `${name}-error` : undefined },
      message: error ? (
        <span id={`${name}-error`} className="text-sm text-red-700 dark:text-red-300">
          {error}
        </span>
      ) : null,
    };
  };
  /** The English texts are required; the Telugu ones optional, written in Telugu, with the same upper limits. */
  const textCell = (name: "title" | "description" | "title_te" | "description_te", label: string, english: boolean) => {
    const long = name.startsWith("description");
    const limits = english ? { required: true, minLength: long ? 10 : 3 } : { lang: "te" };
    const props = { name, maxLength: long ? 2000 : 120, defaultValue: typed[name], ...limits, ...errorOf(name).input };
    return (
      <label className={`${cell} sm:col-span-2`}>
        <span className="text-sm font-medium">{label}</span>
        {long ? <textarea rows={3} className={`${field} py-2`} {...props} /> : <input className={field} {...props} />}
        {errorOf(name).message}
      </label>
    );
  };
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="font-serif text-3xl font-bold">{m.adminHeading}</h1>
      <section className="card mt-8 p-6" aria-labelledby="create-heading">
        <h2 id="create-heading" className="font-serif text-2xl font-bold">
          {m.createHeading}
        </h2>
        {/* Keyed by the newest auction: after a creation the form starts empty again, with or without JavaScript. */}
        {/* noValidate: the browser would show one problem at a time; the server answers all of them beside their fields. */}
        <Form method="post" encType="multipart/form-data" noValidate className="mt-4 grid gap-4 sm:grid-cols-2" key={rows[0]?.id ?? 0}>
          {refused && "error" in refused ? (
            <div className="sm:col-span-2">
              <FormError errors={[refused.error]} />
            </div>
          ) : null}
          {textCell("title", m.title, true)}
          {textCell("description", m.description, true)}
          {textCell("title_te", m.titleTe, false)}
          {textCell("description_te", m.descriptionTe, false)}
          <label className={cell}>
            <span className="text-sm font-medium">{m.startingPrice}</span>
            <input
              name="starting_price"
              type="number"
              min={1}
              step={1}
              required
              defaultValue={typed.starting_price}
              className={field}
              {...errorOf("starting_price").input}
            />
            {errorOf("starting_price").message}
          </label>
          <label className={cell}>
            <span className="text-sm font-medium">{m.minIncrement}</span>
            <input
              name="min_increment"
              type="number"
              min={1}
              step={1}
              defaultValue={typed.min_increment ?? 100}
              required
              className={field}
              {...errorOf("min_increment").input}
            />
            {errorOf("min_increment").message}
          </label>
          <label className={cell}>
            <span className="text-sm font-medium">{m.startTime}</span>
            <input name="start_time" type="datetime-local" defaultValue={typed.start_time} className={field} {...errorOf("start_time").input} />
            {errorOf("start_time").message}
          </label>
          <label className={cell}>
            <span className="text-sm font-medium">{m.endTime}</span>
            <input name="end_time" type="datetime-local" required defaultValue={typed.end_time} className={field} {...errorOf("end_time").input} />
            {errorOf("end_time").message}
          </label>
          <label className={cell}>
            <span className="text-sm font-medium">{m.image}</span>
            <select name="product_image" defaultValue={typed.product_image} className={field} {...errorOf("product_image").input}>
              <option value="">{m.noImage}</option>
              {images.map((i) => (
                <option key={i.url} value={i.url}>
                  {i.name}
                </option>
              ))}
            </select>
            {errorOf("product_image").message}
          </label>
          <label className={cell}>
            <span className="text-sm font-medium">{fishMessages.admin.auctionFish}</span>
            <select name="fish" defaultValue={typed.fish} aria-describedby="auction-fish-hint" className={field}>
              <option value="">{fishMessages.admin.auctionFishNone}</option>
              {lots.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.label}
                </option>
              ))}
            </select>
            <span id="auction-fish-hint" className="text-xs text-slate-600 dark:text-slate-300">
              {fishMessages.admin.auctionFishHint}
            </span>
          </label>
          {/* The photo is last: a post too large to take is read up to it, so every field above comes back typed. */}
          <div className={cell}>
            <label htmlFor="auction-upload" className="text-sm font-medium">
              {m.upload}
            </label>
            <PhotoPicker
              id="auction-upload"
              name="upload"
              accept="image/jpeg,image/png,image/webp"
              describedBy="auction-upload-hint upload-error"
              invalid={Boolean(errors.upload)}
              hint={{ id: "auction-upload-hint", text: m.uploadHint }}
              texts={shopAdminMessages.photos}
              onPreparing={setPreparing}
            />
            {errorOf("upload").message}
          </div>
          <button type="submit" className="btn-dark sm:col-span-2" disabled={busy || preparing}>
            {preparing ? shopAdminMessages.photos.preparing : busy ? m.creating : m.create}
          </button>
        </Form>
      </section>
      <section className="mt-10" aria-labelledby="list-heading">
        <h2 id="list-heading" className="font-serif text-2xl font-bold">
          {m.listHeading}
        </h2>
        {rows.length === 0 ? (
          <p className="card mt-4 p-6">{m.none}</p>
        ) : (
          <ul className="mt-4 grid gap-4">
            {rows.map((row) => (
              <li key={row.id} className="card flex flex-col gap-3 p-4 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
                <div>
                  <Link to={`/auctions/${row.id}`} className="link font-semibold">
                    {row.title}
                  </Link>
                  <p className="text-sm text-slate-700 dark:text-slate-200">
                    {statusOf(row, now, messages)} · {formatRupees(row.currentPricePaise)} · {messages.auctions.totalBids}: {row.bidCount} ·{" "}
                    {formatAdminDateTime(row.endTime)}
                    {row.cancelReason ? ` · ${row.cancelReason}` : ""}
                  </p>
                </div>
                {row.status === "active" && row.endTime > now ? (
                  <Form method="post" className="flex min-w-0 flex-col gap-2 sm:flex-row">
                    <input type="hidden" name="intent" value="cancel" />
                    <input type="hidden" name="id" value={row.id} />
                    <label className="sr-only" htmlFor={`reason-${row.id}`}>
                      {m.cancelReason}
                    </label>
                    <input id={`reason-${row.id}`} name="reason" required minLength={3} placeholder={m.cancelReason} className={`${field} min-w-0 flex-1`} />
                    <button type="submit" className="btn-dark">
                      {m.cancel}
                    </button>
                  </Form>
                ) : null}
                <LotOffers auctionId={row.id} orders={offers.filter((o) => o.auctionId === row.id)} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

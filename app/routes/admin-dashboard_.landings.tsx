import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { weightText } from "~/catalog/units";
import { fishMessages } from "~/i18n/fish.messages";
import { format } from "~/i18n/format";
import { formatDateTimeIst } from "~/lib/dates";
import { DomainError } from "~/lib/errors";
import {
  addLanding,
  addPlace,
  LandingFormError,
  landingLabel,
  listPlaces,
  lotFish,
  recentLandings,
  setPlaceHidden,
  weighLotFish,
} from "~/landings/landings.server";
import { fishPath } from "~/landings/rules";
import { redirectWithFlash } from "~/web/flash.server";
import { requireAdmin } from "~/web/guards.server";
import { privateMeta } from "~/web/meta";

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: MetaFunction = ({ matches }) => privateMeta(`${fishMessages.admin.title} | Admin Dashboard`, matches);

const HERE = "/admin-dashboard/landings";

export async function loader({ request, context: { deps } }: LoaderFunctionArgs) {
  await requireAdmin(request, deps);
  const [places, recent, lots] = await Promise.all([listPlaces(deps), recentLandings(deps), lotFish(deps)]);
  return {
    places,
    landings: recent.map((l) => ({ ...l, label: landingLabel(l) })),
    lots: lots.map((f) => ({ ...f, weight: weightText(f.weightGrams), landed: landingLabel({ place: f.place, landedAt: f.landedAt }) })),
  };
}

type Refusal = { error: string; form: "landing" | "place" | "lot"; fields?: Record<string, string>; values?: Record<string, string> };

/** Each of the screen's forms: a plain post answered with a redirect and a toast, or its refusal beside its fields with what was typed. */
export async function action({ request, context: { deps, oversizedForm } }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, deps);
  const m = fishMessages;
  // Above the page's cap no file arrived, only the fields typed before them.
  const form = oversizedForm ?? (await request.formData());
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v.slice(0, 500) : "";
  };
  const intent = text("intent");
  const refuse = (refusal: Refusal, status = 400) => data(refusal, { status });
  if (oversizedForm) return refuse({ error: m.errors.tooLarge, form: intent === "lot" ? "lot" : "landing" }, 413);
  try {
    switch (intent) {
      case "landing": {
        const values = { place: text("place"), landed_at: text("landed_at"), boat: text("boat") };
        try {
          const photo = form.get("photo");
          const saved = await addLanding(deps, admin, values, photo instanceof File ? photo : null);
          return redirectWithFlash(deps, HERE, { type: "success", text: saved.message });
        } catch (error) {
          if (error instanceof LandingFormError)
            return refuse({ error: m.admin.record, form: "landing", fields: error.fields as Record<string, string>, values });
          throw error;
        }
      }
      case "place-add":
        return redirectWithFlash(deps, HERE, { type: "success", text: await addPlace(deps, text("name"), text("name_te")) });
      case "place-hide":
      case "place-show":
        return redirectWithFlash(deps, HERE, { type: "success", text: await setPlaceHidden(deps, Number(text("id")), intent === "place-hide") });
      case "lot": {
        const weighed = await weighLotFish(deps, form);
        return redirectWithFlash(deps, HERE, { type: "success", text: weighed.message });
      }
      default:
        return refuse({ error: m.errors.place, form: "landing" });
    }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    if (error.status === 404) throw new Response("Not Found", { status: 404 });
    const which = intent === "lot" ? "lot" : intent.startsWith("place") ? "place" : "landing";
    return refuse(
      { error: error.message, form: which, values: { grams: text("grams"), landing: text("landing"), name: text("name"), name_te: text("name_te") } },
      error.status,
    );
  }
}

const field = "mt-1 min-h-11 w-full rounded-xl border border-river-400 bg-white px-4 dark:bg-river-950";
const cell = "flex min-w-0 flex-col text-sm font-medium";

function Alert({ text }: { text: string }) {
  return (
    <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900 sm:col-span-2 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
      {text}
    </p>
  );
}

export default function AdminLandings() {
  const { places, landings, lots } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const m = fishMessages.admin;
  const on = (form: Refusal["form"]) => (refused?.form === form ? refused : null);
  const landingRefusal = on("landing");
  const fieldError = (name: string) => landingRefusal?.fields?.[name];
  const described = (name: string) => (fieldError(name) ? { "aria-invalid": true as const, "aria-describedby": `${name}-error` } : {});
  const errorText = (name: string) =>
    fieldError(name) ? (
      <span id={`${name}-error`} className="mt-1 font-normal text-red-700 dark:text-red-300">
        {fieldError(name)}
      </span>
    ) : null;
  const shown = places.filter((p) => !p.hidden);
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <Link to="/admin-dashboard" className="link text-sm">
        {m.back}
      </Link>
      <h1 className="mt-2 font-serif text-3xl font-bold">{m.title}</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-300">{m.subtitle}</p>

      <section className="card mt-6 p-5" aria-labelledby="record-heading">
        <h2 id="record-heading" className="text-lg font-bold">
          {m.record}
        </h2>
        <Form method="post" encType="multipart/form-data" noValidate className="mt-3 grid gap-4 sm:grid-cols-2" key={landings[0]?.id ?? 0}>
          {landingRefusal ? <Alert text={landingRefusal.error} /> : null}
          <label className={cell}>
            {m.place}
            <select name="place" required defaultValue={landingRefusal?.values?.place ?? shown[0]?.id} className={field} {...described("place")}>
              {shown.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name} · {p.nameTe}
                </option>
              ))}
            </select>
            {errorText("place")}
          </label>
          <label className={cell}>
            {m.landedAt}
            <input
              name="landed_at"
              type="datetime-local"
              required
              defaultValue={landingRefusal?.values?.landed_at}
              className={field}
              {...described("landed_at")}
            />
            {errorText("landed_at")}
          </label>
          <label className={cell}>
            {m.boat}
            <input name="boat" maxLength={80} defaultValue={landingRefusal?.values?.boat} className={field} {...described("boat")} />
            {errorText("boat")}
          </label>
          <label className={cell}>
            {m.photo}
            <input name="photo" type="file" accept="image/*" capture="environment" className={`${field} py-2`} {...described("photo")} />
            {errorText("photo")}
          </label>
          <div className="sm:col-span-2">
            <button type="submit" name="intent" value="landing" className="btn-dark" disabled={busy}>
              {m.save}
            </button>
          </div>
        </Form>
      </section>

      <section className="card mt-6 p-5" aria-labelledby="recent-heading">
        <h2 id="recent-heading" className="text-lg font-bold">
          {m.recent}
        </h2>
        {landings.length === 0 ? <p className="mt-2">{m.none}</p> : null}
        <ul className="mt-2 divide-y divide-river-100 dark:divide-river-800">
          {landings.map((l) => (
            <li key={l.id} className="flex flex-wrap justify-between gap-2 py-2">
              <span>
                <strong>{l.place}</strong> · {formatDateTimeIst(l.landedAt)}
                {l.boat ? ` · ${l.boat}` : ""}
              </span>
              <span className="text-sm text-slate-600 dark:text-slate-300">{format(m.fishCount, { n: l.fishCount })}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className="card mt-6 p-5" aria-labelledby="lot-heading">
        <h2 id="lot-heading" className="text-lg font-bold">
          {m.weighFish}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{m.weighFishHint}</p>
        <Form method="post" encType="multipart/form-data" noValidate className="mt-3 grid gap-4 sm:grid-cols-2" key={lots[0]?.id ?? 0}>
          {on("lot") ? <Alert text={on("lot")!.error} /> : null}
          <label className={cell}>
            {m.weighLanding}
            <select name="landing" required defaultValue={on("lot")?.values?.landing} className={field}>
              {landings.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.label}
                </option>
              ))}
            </select>
          </label>
          <label className={cell}>
            {m.weighGrams}
            <input
              name="grams"
              type="number"
              inputMode="numeric"
              min={1}
              max={100000}
              step={1}
              required
              defaultValue={on("lot")?.values?.grams}
              className={field}
            />
          </label>
          <label className={cell}>
            {m.weighPhotos}
            <input name="photos" type="file" accept="image/*" capture="environment" multiple required className={`${field} py-2`} />
          </label>
          <label className={cell}>
            {fishMessages.weighing.video}
            <input name="video" type="file" accept="video/*" capture="environment" className={`${field} py-2`} />
          </label>
          <div className="sm:col-span-2">
            <button type="submit" name="intent" value="lot" className="btn-dark" disabled={busy || landings.length === 0}>
              {m.weighSave}
            </button>
          </div>
        </Form>
        {lots.length ? (
          <>
            <h3 className="mt-5 font-bold">{m.lots}</h3>
            <ul className="mt-2 divide-y divide-river-100 dark:divide-river-800">
              {lots.map((f) => (
                <li key={f.id} className="flex flex-wrap justify-between gap-2 py-2">
                  <a href={fishPath(f.code)} className="link font-mono">
                    {f.code}
                  </a>
                  <span>
                    {f.weight} · {f.landed}
                    {f.auctionId ? ` · #${f.auctionId}` : ""}
                  </span>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>

      <section className="card mt-6 p-5" aria-labelledby="places-heading">
        <h2 id="places-heading" className="text-lg font-bold">
          {m.places}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{m.placesHint}</p>
        <ul className="mt-2 divide-y divide-river-100 dark:divide-river-800">
          {places.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                {p.name} · <span lang="te">{p.nameTe}</span>
                {p.hidden ? ` (${m.hidden})` : ""}
              </span>
              <Form method="post">
                <input type="hidden" name="id" value={p.id} />
                <button type="submit" name="intent" value={p.hidden ? "place-show" : "place-hide"} className="btn-outline" disabled={busy}>
                  {p.hidden ? m.show : m.hide}
                  <span className="sr-only"> {p.name}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
        <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-3 sm:items-end">
          {on("place") ? <Alert text={on("place")!.error} /> : null}
          <label className={cell}>
            {m.newPlace}
            <input name="name" required minLength={2} maxLength={40} defaultValue={on("place")?.values?.name} className={field} />
          </label>
          <label className={cell}>
            {m.newPlaceTe}
            <input name="name_te" lang="te" required minLength={2} maxLength={40} defaultValue={on("place")?.values?.name_te} className={field} />
          </label>
          <div>
            <button type="submit" name="intent" value="place-add" className="btn-dark" disabled={busy}>
              {m.addPlace}
            </button>
          </div>
        </Form>
      </section>
    </div>
  );
}

import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { createProduct, getAdminProduct, SlugTakenError, updateProduct } from "~/catalog/admin.server";
import { productFormSchema } from "~/catalog/rules";
import { photoMessages, photoUrl } from "~/catalog/photos";
import { addPhoto, checkProductPhoto, deletePhoto, listPhotos, movePhoto, storePhoto, type ProductPhotoUpload } from "~/catalog/photos.server";
import { AdminProductForm } from "~/components/admin-product-form";
import { PhotoSection } from "~/components/product-photos";
import { formatDeliveryDate, PLANNING_DAYS, upcomingDates } from "~/delivery/slots";
import { AdminSeason } from "~/components/admin-season";
import type { Deps } from "~/deps";
import { adminSeason } from "~/season/admin.server";
import { setSeason } from "~/season/prebook.server";
import { shopAdminMessages } from "~/i18n/shop-admin.messages";
import { format } from "~/i18n/format";
import { DomainError, InvalidInputError } from "~/lib/errors";
import { redirectWithFlash } from "~/web/flash.server";
import { orNotFound, requireAdmin } from "~/web/guards.server";
import { privateMeta } from "~/web/meta";
import { onPrimary } from "~/deps.server";

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: MetaFunction = ({ matches }) => privateMeta("Product | Admin Dashboard", matches);

/** "new", or a product's id. */
function productId(param: string | undefined): number | null {
  if (param === "new") return null;
  if (!param || !/^\d{1,9}$/.test(param)) throw new Response("Not found", { status: 404 });
  return Number(param);
}

export async function loader({ request, params, context: { deps } }: LoaderFunctionArgs) {
  await requireAdmin(request, deps);
  const id = productId(params.id);
  if (id === null) return { product: null, dates: upcomingDates(deps.now(), PLANNING_DAYS), photos: [] };
  const [loaded, photos] = await Promise.all([orNotFound(getAdminProduct(deps, id)), listPhotos(deps, id)]);
  return {
    ...loaded,
    photos: photos.map((p) => ({ id: p.id, url: photoUrl(p.name), alt: p.alt, width: p.width, height: p.height })),
    season: await adminSeason(deps, loaded.product, new URL(request.url).searchParams),
  };
}

export async function action({ request, params, context: { deps, oversizedForm } }: ActionFunctionArgs) {
  await requireAdmin(request, deps);
  const id = productId(params.id);
  const m = shopAdminMessages;
  // Above the page's cap no file arrived: the photo is refused beside its field, with what was typed before it.
  if (oversizedForm) {
    if (id !== null) return data({ photoError: photoMessages.tooLarge, photoAlt: String(oversizedForm.get("alt") ?? "") }, { status: 413 });
    const typed = parseWithZod(oversizedForm, { schema: productFormSchema });
    return data({ product: typed.reply({ formErrors: [m.form.fix], fieldErrors: { photo: [photoMessages.tooLarge] } }) }, { status: 413 });
  }
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent.startsWith("season-") && id !== null) return seasonAction(deps, id, intent, form);
  if (intent.startsWith("photo-") && id !== null) {
    const back = `/admin-dashboard/products/${id}`;
    const photoId = Number(form.get("photo"));
    const alt = String(form.get("alt") ?? "").slice(0, 500);
    try {
      if (intent === "photo-add") {
        const file = form.get("file");
        await addPhoto(deps, id, file instanceof File ? file : null, alt);
        return redirectWithFlash(deps, back, { type: "success", text: photoMessages.uploaded });
      }
      if (intent === "photo-delete") {
        await deletePhoto(deps, id, photoId);
        return redirectWithFlash(deps, back, { type: "success", text: photoMessages.deleted });
      }
      const to = intent === "photo-main" ? "main" : intent === "photo-up" ? "up" : intent === "photo-down" ? "down" : null;
      if (!to) throw new Response("Bad request", { status: 400 });
      await movePhoto(deps, id, photoId, to);
      return redirectWithFlash(deps, back, { type: "success", text: to === "main" ? photoMessages.main : photoMessages.moved });
    } catch (error) {
      if (error instanceof DomainError) return data({ photoError: error.message, photoAlt: alt }, { status: error.status });
      throw error;
    }
  }
  const submission = parseWithZod(form, { schema: productFormSchema });
  if (submission.status !== "success") return data({ product: submission.reply({ formErrors: [m.form.fix] }) }, { status: 400 });
  try {
    if (id === null) {
      const { photo, photoAlt } = submission.value;
      // The photo's bytes are checked before the product is made, so a refused photo leaves nothing behind.
      let checked: ProductPhotoUpload | null = null;
      if (photo) {
        try {
          checked = await checkProductPhoto(photo, photoAlt ?? "");
        } catch (error) {
          if (!(error instanceof InvalidInputError)) throw error;
          return data({ product: submission.reply({ formErrors: [m.form.fix], fieldErrors: { photo: [error.message] } }) }, { status: 400 });
        }
      }
      const created = await createProduct(deps, submission.value);
      const to = `/admin-dashboard/products/${created}`;
      if (checked) {
        try {
          await storePhoto(deps, created, checked);
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          return redirectWithFlash(deps, to, { type: "error", text: format(m.products.createdNoPhoto, { name: submission.value.name, error: error.message }) });
        }
      }
      return redirectWithFlash(deps, to, { type: "success", text: format(m.products.created, { name: submission.value.name }) });
    }
    await orNotFound(updateProduct(deps, id, submission.value));
  } catch (error) {
    if (error instanceof SlugTakenError) return data({ product: submission.reply({ fieldErrors: { slug: [error.message] } }) }, { status: 409 });
    throw error;
  }
  return redirectWithFlash(deps, "/admin-dashboard/products", { type: "success", text: format(m.products.saved, { name: submission.value.name }) });
}

/** Opening (or moving the last date of) a product's season, or closing it: the shoppers' refunds are told in the flash. */
async function seasonAction(deps: Deps, id: number, intent: string, form: FormData) {
  const m = shopAdminMessages.season;
  const back = `/admin-dashboard/products/${id}#season`;
  // Only the form's two buttons: any other intent changes nothing.
  if (intent !== "season-open" && intent !== "season-close") throw new Response("Bad request", { status: 400 });
  const until = intent === "season-close" ? null : String(form.get("until") ?? "");
  try {
    // A product that does not exist is a 404, as its page is.
    const { cancelled } = await orNotFound(setSeason(onPrimary(deps), id, until, deps.now()));
    const text =
      until === null ? format(m.closedDone, { n: cancelled }) : format(cancelled ? m.shortened : m.opened, { date: formatDeliveryDate(until), n: cancelled });
    return redirectWithFlash(deps, back, { type: "success", text });
  } catch (error) {
    if (error instanceof InvalidInputError) return data({ seasonError: m.badDate }, { status: 400 });
    throw error;
  }
}

export default function AdminProduct() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const m = shopAdminMessages;
  const p = loaded.product;
  const photoAnswer = answer && "photoError" in answer ? answer : null;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <Link to="/admin-dashboard/products" className="link text-sm">
        {m.products.back}
      </Link>
      <h1 className="mt-2 font-serif text-3xl font-bold">{p ? format(m.form.editHeading, { name: p.name }) : m.form.createHeading}</h1>
      <AdminProductForm product={p} lastResult={answer && "product" in answer ? answer.product : undefined} busy={busy} />
      {p ? <PhotoSection photos={loaded.photos} error={photoAnswer?.photoError ?? null} typedAlt={photoAnswer?.photoAlt ?? ""} busy={busy} /> : null}
      {"season" in loaded ? <AdminSeason season={loaded.season} error={answer && "seasonError" in answer ? answer.seasonError : null} busy={busy} /> : null}
      {p ? (
        <p className="card mt-8 flex flex-wrap items-center justify-between gap-3 p-6">
          {m.catch.productNote}
          <Link to="/admin-dashboard/catch" className="btn-outline">
            {m.catch.link}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

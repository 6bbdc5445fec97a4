import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { useState } from "react";
import { PRODUCT_IMAGES } from "~/catalog/product-images";
import { productFormSchema, type ProductForm } from "~/catalog/rules";
import type { ProductUnit } from "~/catalog/units";
import { FormError, FormField } from "~/components/form-field";
import { ADMIN_INPUT } from "~/components/product-photos";
import { format } from "~/i18n/format";
import { shopAdminMessages } from "~/i18n/shop-admin.messages";
import { FieldError } from "~/components/field-parts";
import { PhotoPicker } from "~/components/photo-picker";
import { mediaUrl } from "~/components/picture";

/** A product as the form starts from: its saved fields (the Telugu texts null where there are none). */
export type EditableProduct = {
  name: string;
  slug: string;
  description: string;
  category: string;
  pricePaise: number;
  unit: ProductUnit;
  minQty: number;
  maxQty: number;
  image: string;
  sortOrder: number;
  nameTe: string | null;
  descriptionTe: string | null;
  categoryTe: string | null;
};

const input = ADMIN_INPUT;

function TextArea({ field, label, lang }: { field: FieldMetadata<string | undefined>; label: string; lang?: string }) {
  return (
    <div className="sm:col-span-2">
      <label htmlFor={field.id} className="block text-sm font-medium">
        {label}
      </label>
      <textarea {...getTextareaProps(field)} key={field.key} lang={lang} rows={4} className={`${input} mt-1 py-2`} />
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

function Select({ field, label, options }: { field: FieldMetadata<string | undefined>; label: string; options: [string, string][] }) {
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium">
        {label}
      </label>
      <select {...getSelectProps(field)} key={field.key} className={`${input} mt-1`}>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** The bundled picture a product shows until it has a photo: named by what it shows, and shown beside its name. */
function PictureSelect({ field }: { field: FieldMetadata<string | undefined> }) {
  const m = shopAdminMessages.form;
  const chosen = PRODUCT_IMAGES.find((name) => name === field.value) ?? PRODUCT_IMAGES[0];
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium">
        {m.image}
      </label>
      <div className="mt-1 flex items-center gap-3">
        <img src={mediaUrl(chosen, 480, "webp")} alt="" width={64} height={48} className="h-12 w-16 shrink-0 rounded-lg object-cover" />
        <select {...getSelectProps(field)} key={field.key} className={`${input} min-w-0`}>
          {PRODUCT_IMAGES.map((name) => (
            <option key={name} value={name}>
              {m.pictures[name]}
            </option>
          ))}
        </select>
      </div>
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

/**
 * A new product's first photo, after its alt text and last in the form: a post too large to take is read up to
 * its file, so everything typed before it comes back with the refusal.
 */
function FirstPhoto({
  photo,
  alt,
  onPreparing,
}: {
  photo: FieldMetadata<File | undefined>;
  alt: FieldMetadata<string | undefined>;
  onPreparing: (preparing: boolean) => void;
}) {
  const m = shopAdminMessages;
  return (
    <fieldset className="mt-2 grid gap-x-4 border-t border-river-200 pt-4 sm:col-span-2 sm:grid-cols-2 dark:border-river-700">
      <legend className="font-serif text-xl font-bold">{m.form.photo}</legend>
      <div>
        <label htmlFor={alt.id} className="block text-sm font-medium">
          {m.form.photoAlt}
        </label>
        <input {...getInputProps(alt, { type: "text" })} key={alt.key} maxLength={150} autoComplete="off" className={`${input} mt-1`} />
        <FieldError id={alt.errorId} errors={alt.errors} />
      </div>
      <div className="min-w-0">
        <label htmlFor={photo.id} className="block text-sm font-medium">
          {m.photos.file}
        </label>
        <PhotoPicker
          id={photo.id}
          name={photo.name}
          accept="image/jpeg,image/png,image/webp,image/avif"
          describedBy={`${photo.id}-hint ${photo.errorId}`}
          invalid={Boolean(photo.errors?.length)}
          hint={{ id: `${photo.id}-hint`, text: m.photos.fileHint }}
          texts={m.photos}
          onPreparing={onPreparing}
        />
        <FieldError id={photo.errorId} errors={photo.errors} />
      </div>
    </fieldset>
  );
}

/** The form's fields as the browser holds them: text, and a new product's photo. */
type ProductFields = Partial<Record<Exclude<keyof ProductForm, "photo">, string> & { photo: File }>;

function startingValues(p: EditableProduct | null) {
  if (!p) return { unit: "kg", minQty: "1", maxQty: "5", image: "fresh-pulasa", sortOrder: "0" };
  return {
    name: p.name,
    slug: p.slug,
    description: p.description,
    category: p.category,
    price: (p.pricePaise / 100).toFixed(p.pricePaise % 100 ? 2 : 0),
    unit: p.unit,
    minQty: String(p.minQty),
    maxQty: String(p.maxQty),
    image: p.image,
    sortOrder: String(p.sortOrder),
    nameTe: p.nameTe ?? "",
    descriptionTe: p.descriptionTe ?? "",
    categoryTe: p.categoryTe ?? "",
  };
}

/**
 * The product's fields, English and the optional Telugu ones: a plain form the server checks with the same schema
 * the browser uses to say what is wrong before it is sent.
 */
export function AdminProductForm({ product, lastResult, busy }: { product: EditableProduct | null; lastResult?: SubmissionResult<string[]>; busy: boolean }) {
  const m = shopAdminMessages;
  const [preparing, setPreparing] = useState(false);
  const [form, fields] = useForm<ProductFields, ProductForm>({
    lastResult,
    defaultValue: startingValues(product),
    constraint: getZodConstraint(productFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: productFormSchema }),
  });
  return (
    <Form method="post" encType={product ? undefined : "multipart/form-data"} {...getFormProps(form)} className="card mt-6 grid gap-x-4 p-6 sm:grid-cols-2">
      <input type="hidden" name="intent" value="product" />
      <div className="sm:col-span-2">
        <FormError errors={form.errors} />
      </div>
      <FormField field={fields.name} label={m.form.name} type="text" autoComplete="off" />
      <FormField field={fields.slug} label={m.form.slug} type="text" autoComplete="off" hint={format(m.form.slugHint, { slug: fields.slug.value || "…" })} />
      <TextArea field={fields.description} label={m.form.description} />
      <FormField field={fields.category} label={m.form.category} type="text" autoComplete="off" />
      <FormField field={fields.price} label={m.form.price} type="text" autoComplete="off" inputMode="numeric" />
      <Select
        field={fields.unit}
        label={m.form.unit}
        options={[
          ["kg", m.form.perKg],
          ["pack", m.form.perPack],
        ]}
      />
      <PictureSelect field={fields.image} />
      <FormField field={fields.minQty} label={m.form.minQty} type="text" autoComplete="off" inputMode="numeric" />
      <FormField field={fields.maxQty} label={m.form.maxQty} type="text" autoComplete="off" inputMode="numeric" />
      <FormField field={fields.sortOrder} label={m.form.sortOrder} type="text" autoComplete="off" inputMode="numeric" />
      <fieldset className="mt-2 grid gap-x-4 border-t border-river-200 pt-4 sm:col-span-2 sm:grid-cols-2 dark:border-river-700" aria-describedby="telugu-hint">
        <legend className="font-serif text-xl font-bold">{m.telugu.heading}</legend>
        <p id="telugu-hint" className="mb-3 text-sm text-slate-600 sm:col-span-2 dark:text-slate-300">
          {m.telugu.hint}
        </p>
        <FormField field={fields.nameTe} label={m.telugu.name} type="text" autoComplete="off" lang="te" />
        <FormField field={fields.categoryTe} label={m.telugu.category} type="text" autoComplete="off" lang="te" />
        <TextArea field={fields.descriptionTe} label={m.telugu.description} lang="te" />
      </fieldset>
      {product ? null : <FirstPhoto photo={fields.photo} alt={fields.photoAlt} onPreparing={setPreparing} />}
      <div className="flex items-end pb-6 sm:col-start-2">
        <button type="submit" className="btn-dark w-full" disabled={busy || preparing} aria-live="polite">
          {preparing ? m.photos.preparing : busy ? (product ? m.form.saving : m.form.adding) : product ? m.form.save : m.form.create}
        </button>
      </div>
    </Form>
  );
}

import { getFormProps, getSelectProps, getTextareaProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { PRODUCT_IMAGES } from "~/catalog/product-images";
import { productFormSchema } from "~/catalog/rules";
import type { ProductUnit } from "~/catalog/units";
import { FormError, FormField } from "~/components/form-field";
import { ADMIN_INPUT } from "~/components/product-photos";
import { format } from "~/i18n/format";
import { shopAdminMessages } from "~/i18n/shop-admin.messages";
import { FieldError } from "~/components/field-parts";

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
  const [form, fields] = useForm({
    lastResult,
    defaultValue: startingValues(product),
    constraint: getZodConstraint(productFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: productFormSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="card mt-6 grid gap-x-4 p-6 sm:grid-cols-2">
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
      <Select field={fields.image} label={m.form.image} options={PRODUCT_IMAGES.map((name) => [name, name])} />
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
      <div className="flex items-end pb-6 sm:col-start-2">
        <button type="submit" className="btn-dark w-full" disabled={busy}>
          {product ? m.form.save : m.form.create}
        </button>
      </div>
    </Form>
  );
}

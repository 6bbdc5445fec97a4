import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Form, Link } from "~/components/link";
import { listAddresses, toAddressView } from "~/addresses/addresses.server";
import { changePassword, updateProfile } from "~/auth/profile.server";
import { authSchemas } from "~/auth/schemas";
import { FormError, FormField, PhoneField } from "~/components/form-field";
import { LogoutButton } from "~/components/logout-button";
import { PushDevices } from "~/components/push-devices";
import { countDevices, unsubscribeAll } from "~/push/subscriptions.server";
import { SavedAddresses } from "~/components/saved-addresses";
import { messagesFor, sectionsFor } from "~/i18n/texts";
import { formatDate } from "~/lib/dates";
import { tenDigitPhone } from "~/lib/phone";
import { authMessages } from "~/web/auth-pages.server";
import { replyWithError } from "~/web/page-errors.server";
import { redirectWithFlash } from "~/web/flash.server";
import { requireUser } from "~/web/guards.server";
import { useMessages, useLang } from "~/web/site";
import { privateMeta } from "~/web/meta";
import { loadPage } from "~/web/page-errors.server";

export const meta: MetaFunction = ({ matches }) => privateMeta((t) => t.profile, matches);

async function profilePage({ context: { deps } }: LoaderFunctionArgs) {
  if (!deps.user) return { profile: null, addresses: [], addressTexts: null, devices: 0 };
  const { id, name, email, phone, address, createdAt, passwordHash } = deps.user;
  return {
    profile: { name, email, phone: tenDigitPhone(phone) || phone, address, createdAt, hasPassword: passwordHash !== null },
    addresses: (await listAddresses(deps, id)).map((a) => toAddressView(a, messagesFor(deps).shop.states)),
    addressTexts: sectionsFor(deps).address,
    devices: await countDevices(deps, id),
  };
}

export async function loader(args: LoaderFunctionArgs) {
  return loadPage(messagesFor(args.context.deps).auth.profileFailed, () => profilePage(args));
}

export { PageFailureBoundary as ErrorBoundary } from "~/components/page-failure";

/** Three forms on the page: the user's name and phone (intent=details), the password (intent=password), and turning push notifications off on every device (intent=push-off-all). */
export async function action({ request, context: { deps } }: ActionFunctionArgs) {
  const user = await requireUser(request, deps);
  const m = authMessages(deps);
  const form = await request.formData();
  if (form.get("intent") === "push-off-all") {
    await unsubscribeAll(deps, user);
    return redirectWithFlash(deps, "/profile", { type: "success", text: messagesFor(deps).app.turnedOffAll });
  }
  if (form.get("intent") === "password") {
    const submission = parseWithZod(form, { schema: authSchemas(m.errors).changePassword });
    if (submission.status !== "success") return data({ intent: "password", reply: submission.reply({ hideFields: ["current", "password"] }) }, { status: 400 });
    try {
      await changePassword(deps, user, deps.sessionToken!, submission.value);
    } catch (error) {
      const failed = replyWithError(deps, submission, error, m.loginFailed, ["current", "password"]);
      return data({ intent: "password", reply: failed.data }, failed.init ?? undefined);
    }
    return redirectWithFlash(deps, "/profile", { type: "success", text: m.passwordChanged });
  }
  const submission = parseWithZod(form, { schema: authSchemas(m.errors).profile });
  if (submission.status !== "success") return data({ intent: "details", reply: submission.reply() }, { status: 400 });
  await updateProfile(deps, user, submission.value);
  return redirectWithFlash(deps, "/profile", { type: "success", text: m.profileSaved });
}

export default function Profile() {
  const { lang } = useLang();
  const { profile, addresses, addressTexts, devices } = useLoaderData<typeof loader>();
  const all = useMessages();
  const m = all.auth;
  if (!profile) {
    return (
      <div className="mx-auto max-w-md px-4 py-20 text-center">
        <h1 className="font-serif text-3xl font-bold">{m.pleaseLogin}</h1>
        <p className="mt-3 text-slate-600 dark:text-slate-300">{m.pleaseLoginText}</p>
        <Link to="/login?redirectTo=/profile" className="btn-dark mt-8">
          {m.goToLogin}
        </Link>
      </div>
    );
  }
  const rows = [
    [m.name, profile.name],
    [m.email, profile.email],
    [m.phone, profile.phone],
    [m.address, profile.address],
    [m.memberSince, formatDate(profile.createdAt, lang)],
  ].filter((row): row is [string, string] => Boolean(row[1]));
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <div className="card p-6 sm:p-8">
        <div className="flex items-center gap-4">
          <span aria-hidden="true" className="flex h-14 w-14 items-center justify-center rounded-full bg-river-700 text-2xl font-bold text-white">
            {profile.name.slice(0, 1).toUpperCase()}
          </span>
          <h1 className="font-serif text-3xl font-bold">{m.profileTitle}</h1>
        </div>
        <dl className="mt-8 divide-y divide-river-100 dark:divide-river-800">
          {rows.map(([label, value]) => (
            <div key={label} className="grid gap-1 py-3 sm:grid-cols-3">
              <dt className="text-sm font-medium text-slate-600 dark:text-slate-300">{label}</dt>
              <dd className="min-w-0 [overflow-wrap:anywhere] sm:col-span-2">{value}</dd>
            </div>
          ))}
        </dl>
        <DetailsForm name={profile.name} phone={profile.phone ?? ""} />
        <SavedAddresses addresses={addresses} texts={addressTexts} />
        <PasswordForm hasPassword={profile.hasPassword} />
        <PushDevices devices={devices} />
        <div className="mt-8">
          <LogoutButton className="btn-outline text-red-700 dark:text-red-300" />
        </div>
      </div>
    </div>
  );
}

function useIntentResult(intent: "details" | "password") {
  const result = useActionData<typeof action>();
  return result && "intent" in result && result.intent === intent ? result.reply : undefined;
}

function DetailsForm({ name, phone }: { name: string; phone: string }) {
  const m = useMessages().auth;
  const profileSchema = authSchemas(m.errors).profile;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "details";
  const [form, fields] = useForm({
    id: "details",
    lastResult: useIntentResult("details"),
    defaultValue: { name, phone },
    constraint: getZodConstraint(profileSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
  });
  return (
    <section aria-labelledby="details-title" className="mt-10 border-t border-river-100 pt-8 dark:border-river-800">
      <h2 id="details-title" className="font-serif text-xl font-bold">
        {m.editProfile}
      </h2>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-2">
        <input type="hidden" name="intent" value="details" />
        <FormError errors={form.errors} />
        <FormField field={fields.name} label={m.fullName} type="text" autoComplete="name" />
        <PhoneField field={fields.phone} label={m.phoneOptional} hint={m.phoneHint} />
        <button type="submit" className="btn-dark" disabled={busy}>
          {busy ? m.saving : m.save}
        </button>
      </Form>
    </section>
  );
}

function PasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const m = useMessages().auth;
  const changePasswordSchema = authSchemas(m.errors).changePassword;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "password";
  const [form, fields] = useForm({
    id: "password",
    lastResult: useIntentResult("password"),
    constraint: getZodConstraint(changePasswordSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
  });
  return (
    <section aria-labelledby="password-title" className="mt-10 border-t border-river-100 pt-8 dark:border-river-800">
      <h2 id="password-title" className="font-serif text-xl font-bold">
        {m.changePasswordTitle}
      </h2>
      {hasPassword ? null : <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{m.firstPassword}</p>}
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-2">
        <input type="hidden" name="intent" value="password" />
        <FormError errors={form.errors} />
        {hasPassword ? <FormField field={fields.current} label={m.currentPassword} type="password" autoComplete="current-password" /> : null}
        <FormField field={fields.password} label={m.newPassword} type="password" autoComplete="new-password" hint={m.passwordHint} />
        <button type="submit" className="btn-dark" disabled={busy}>
          {busy ? m.saving : m.changePasswordButton}
        </button>
      </Form>
    </section>
  );
}

import { parseWithZod } from "@conform-to/zod";
import { useLang } from "~/web/site";
import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { claimTexts, fileClaim, reportableOrder } from "~/claims/claims.server";
import { ClaimFilesError } from "~/claims/evidence.server";
import { claimFormSchema } from "~/claims/forms";
import { ClaimForm } from "~/components/claim-form";
import { format } from "~/i18n/format";
import { errorMessage, messagesFor, sectionsFor } from "~/i18n/catalogue";
import { formatDateTimeIst } from "~/lib/dates";
import { ConflictError, DomainError, InvalidInputError } from "~/lib/errors";
import { redirectWithFlash } from "~/web/flash.server";
import { orNotFound, requireUser } from "~/web/guards.server";
import { privateMeta } from "~/web/meta";

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => privateMeta(data?.texts.page.title ?? "", matches);

/** The report form of the user's own delivered order, or why it cannot be reported now (the window, an open report). */
export async function loader({ request, context: { deps }, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, deps, messagesFor(deps).shop.orders.loginToView);
  const number = params.number ?? "";
  const texts = claimTexts(deps);
  try {
    const { deliveredAt } = await orNotFound(reportableOrder(deps, user, number));
    return { number, deliveredAt, closed: null, texts };
  } catch (error) {
    if (error instanceof ConflictError) return { number, deliveredAt: null, closed: errorMessage(error, deps), texts };
    throw error;
  }
}

/**
 * A multipart post: the fields by the form's schema, the files by their bytes, every condition again on the server.
 * One above the page's cap comes with no files: refused beside them, with what was typed before them.
 */
export async function action({ request, context: { deps, oversizedForm }, params }: ActionFunctionArgs) {
  const user = await requireUser(request, deps, messagesFor(deps).shop.orders.loginToView);
  const number = params.number ?? "";
  const errors = sectionsFor(deps).claims.errors;
  if (oversizedForm) {
    const typed = parseWithZod(oversizedForm, { schema: claimFormSchema(errors) });
    return data(typed.reply({ fieldErrors: { files: [errors.tooLarge] } }), { status: 413 });
  }
  const submission = parseWithZod(await request.formData(), { schema: claimFormSchema(errors) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    await orNotFound(fileClaim(deps, user, number, submission.value));
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const field = error instanceof ClaimFilesError ? "files" : error instanceof InvalidInputError ? "description" : null;
    const text = errorMessage(error, deps);
    const reply = field ? submission.reply({ fieldErrors: { [field]: [text] } }) : submission.reply({ formErrors: [text] });
    return data(reply, { status: error.status });
  }
  return redirectWithFlash(deps, `/orders/${number}`, { type: "success", text: format(sectionsFor(deps).claims.received, { number }) });
}

export default function ReportProblem() {
  const { lang } = useLang();
  const { number, deliveredAt, closed, texts } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const m = texts.page;
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <Link to={`/orders/${number}`} className="link text-sm">
        {m.back}
      </Link>
      <h1 className="mt-4 font-serif text-3xl font-bold">{m.title}</h1>
      {closed !== null || deliveredAt === null ? (
        <p role="alert" className="card mt-6 p-5">
          {closed ?? m.closed}
        </p>
      ) : (
        <>
          <p className="mt-2 text-slate-600 dark:text-slate-300">{format(m.intro, { number, time: formatDateTimeIst(deliveredAt, lang) })}</p>
          <ClaimForm lastResult={lastResult} texts={texts} />
        </>
      )}
    </div>
  );
}

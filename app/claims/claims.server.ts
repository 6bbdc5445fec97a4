import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { loadByNumber } from "~/orders/changes.server";
import { previousChanged, runBatch } from "~/db/guards.server";
import { claimEvidence, claims, orderEvents, orders, type Order, type User } from "~/db/schema";
import type { Deps } from "~/deps";
import { messagesFor, sectionsFor } from "~/i18n/texts";
import { claimMessages } from "~/i18n/claims.messages";
import { format } from "~/i18n/format";
import { formatDateTimeIst } from "~/lib/dates";
import { ConflictError, InvalidInputError, NotFoundError } from "~/lib/errors";
import { notifyAdmins } from "~/notifications/notify.server";
import type { ClaimInput } from "./forms";
import { checkEvidence, ClaimFilesError, evidenceStatements, storeEvidence } from "./evidence.server";
import { CLAIM_STATUS, CLAIM_WINDOW_MS, claimDeadline, DESCRIPTION_MAX, DESCRIPTION_MIN, evidenceProblem, evidenceUrl, isWithinClaimWindow } from "./rules";
import { ORDER_STATUS } from "~/orders/status";

/**
 * The customer's side of claims: whether an order may be reported now, the report itself, and what became of
 * earlier ones. Every condition (the owner's delivered order, within 2 hours of its delivery, no open claim)
 * is checked before the files are stored and again inside the INSERT that opens the claim. The customer is
 * answered in the page's language; the admins are told in English.
 */
type Reader = Pick<Deps, "db" | "config" | "lang">;

const errorsIn = (deps: Pick<Deps, "lang">) => sectionsFor(deps).claims.errors;

/** The time the order was marked delivered: its latest move to Delivered in the order's history. */
const deliveredAtOf = (orderId: number) =>
  sql<
    number | null
  >`(SELECT max(created_at) FROM ${orderEvents} WHERE order_id = ${orderId} AND kind = 'status' AND to_value = ${ORDER_STATUS.order_delivered})`;

export async function deliveredAt(deps: Pick<Deps, "db">, orderId: number): Promise<number | null> {
  const [row] = await deps.db.all<{ at: number | null }>(sql`SELECT ${deliveredAtOf(orderId)} AS at`);
  return row?.at ?? null;
}

async function ownOrder(deps: Reader, user: User, number: string): Promise<Order> {
  const order = await loadByNumber(deps, number).catch(() => null);
  if (!order || order.userId !== user.id) throw new NotFoundError(messagesFor(deps).shop.orders.notFound);
  return order;
}

async function hasOpenClaim(deps: Pick<Deps, "db">, orderId: number): Promise<boolean> {
  const [open] = await deps.db
    .select({ id: claims.id })
    .from(claims)
    .where(and(eq(claims.orderId, orderId), eq(claims.status, CLAIM_STATUS.open)))
    .limit(1);
  return open !== undefined;
}

/** Why the order cannot be reported now (ConflictError with the reason), or when it was delivered. */
async function checkReportable(deps: Reader, order: Order, now: number): Promise<number> {
  const e = errorsIn(deps);
  const at = order.status === ORDER_STATUS.order_delivered ? await deliveredAt(deps, order.id) : null;
  if (at === null) throw new ConflictError(e.notDelivered);
  if (!isWithinClaimWindow(at, now)) {
    throw new ConflictError(format(e.tooLate, { number: order.number, time: formatDateTimeIst(claimDeadline(at)!, deps.lang) }));
  }
  if (await hasOpenClaim(deps, order.id)) throw new ConflictError(e.alreadyOpen);
  return at;
}

/** The report page of the user's own order: its number and delivery time, or ConflictError saying why not now. */
export async function reportableOrder(deps: Reader & Pick<Deps, "now">, user: User, number: string, now = deps.now()) {
  const order = await ownOrder(deps, user, number);
  return { number: order.number, deliveredAt: await checkReportable(deps, order, now) };
}

/**
 * Opens a claim on the user's own delivered order with its files: the files are checked by their bytes and
 * stored, then one batch inserts the claim (only while every condition holds: the partial unique index keeps
 * a second open claim out), its files and the order's history entry. The admins are told.
 */
export async function fileClaim(deps: Deps, user: User, number: string, input: ClaimInput, now = deps.now()): Promise<void> {
  const e = errorsIn(deps);
  const order = await ownOrder(deps, user, number);
  const at = await checkReportable(deps, order, now);
  const description = input.description.trim();
  if (description.length < DESCRIPTION_MIN || description.length > DESCRIPTION_MAX) throw new InvalidInputError(e.description);
  const problem = evidenceProblem(input.kind, input.files);
  if (problem) throw new ClaimFilesError(e[problem]);
  const uploads = await checkEvidence(input.files, e);
  await storeEvidence(deps, uploads);
  const openClaim = and(eq(claims.orderId, order.id), eq(claims.status, CLAIM_STATUS.open));
  const batch = await runBatch(deps.db, {
    // The partial unique index (one open claim an order) makes a second report at the same moment insert nothing.
    claim: deps.db.run(
      sql`INSERT INTO ${claims} (order_id, user_id, kind, description, status, created_at, updated_at)
          SELECT id, user_id, ${input.kind}, ${description}, ${CLAIM_STATUS.open}, ${now}, ${now} FROM ${orders}
          WHERE ${and(eq(orders.id, order.id), eq(orders.userId, user.id), eq(orders.status, ORDER_STATUS.order_delivered))}
            AND ${deliveredAtOf(order.id)} >= ${now - CLAIM_WINDOW_MS}
          ON CONFLICT DO NOTHING`,
    ),
    evidence: evidenceStatements(deps, order.id, uploads),
    event: deps.db.run(
      sql`INSERT INTO ${orderEvents} (order_id, actor_user_id, kind, from_value, to_value, note, created_at)
          SELECT ${order.id}, ${user.id}, 'claim', id, ${CLAIM_STATUS.open}, ${claimMessages.kinds[input.kind]}, ${now} FROM ${claims}
          WHERE ${openClaim} AND ${previousChanged()}`,
    ),
  });
  if (batch.claim.meta.changes !== 1) {
    await checkReportable(deps, await ownOrder(deps, user, number), now);
    throw new ConflictError(e.alreadyOpen);
  }
  const values = { name: user.name, kind: claimMessages.kinds[input.kind].toLowerCase(), number: order.number, time: formatDateTimeIst(at), description };
  await notifyAdmins(deps, {
    type: "claim",
    title: format(claimMessages.notices.filedTitle, values),
    message: format(claimMessages.notices.filed, values),
    orderId: order.id,
    orderNumber: order.number,
  });
}

/** The claims texts the customer's pages show, in the page's language (sent with the page's data). */
export function claimTexts(deps: Pick<Deps, "lang">) {
  const { kinds, states, report, reportUntil, page, section, errors } = sectionsFor(deps).claims;
  return { kinds, states, report, reportUntil, page, section, errors };
}

export type ClaimTexts = ReturnType<typeof claimTexts>;

export type ClaimView = Awaited<ReturnType<typeof claimViews>>[number];

/** Claims with their files' addresses, newest first. */
export async function claimViews(deps: Pick<Deps, "db">, orderNumber: string, rows: (typeof claims.$inferSelect)[]) {
  const files = rows.length
    ? await deps.db
        .select()
        .from(claimEvidence)
        .where(
          inArray(
            claimEvidence.claimId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(claimEvidence.position))
    : [];
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    status: r.status,
    description: r.description,
    createdAt: r.createdAt,
    decidedAt: r.decidedAt,
    refundPaise: r.refundPaise,
    reason: r.decisionReason,
    evidence: files
      .filter((f) => f.claimId === r.id)
      .map((f) => ({ url: evidenceUrl(orderNumber, f.name), media: f.media, contentType: f.contentType, width: f.width, height: f.height })),
  }));
}

/**
 * What the order's page shows of claims: until when a problem may still be reported (null once it may not:
 * not delivered, past 2 hours, or one is open) and every claim with its outcome.
 */
export async function orderClaims(deps: Pick<Deps, "db">, order: Pick<Order, "id" | "number" | "status">, now: number) {
  const rows = await deps.db.select().from(claims).where(eq(claims.orderId, order.id)).orderBy(desc(claims.createdAt), desc(claims.id));
  const at = order.status === ORDER_STATUS.order_delivered ? await deliveredAt(deps, order.id) : null;
  const reportable = isWithinClaimWindow(at, now) && !rows.some((r) => r.status === CLAIM_STATUS.open);
  return { reportUntil: reportable ? claimDeadline(at) : null, claims: await claimViews(deps, order.number, rows) };
}

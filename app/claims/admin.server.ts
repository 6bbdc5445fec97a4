import { asc, count, desc, eq, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { claimEvidence, claims, orders, users } from "~/db/schema";
import type { Deps } from "~/deps";
import { claimMessages } from "~/i18n/claims.messages";
import { NotFoundError } from "~/lib/errors";
import { orderMoney } from "~/payments/ledger.server";
import { claimViews, deliveredAt } from "./claims.server";

/** What the admin reads of claims: the open count, the list, one claim with its evidence and the order's money. */
export async function countOpenClaims(deps: Pick<Deps, "db">): Promise<number> {
  const [row] = await deps.db.select({ n: count() }).from(claims).where(eq(claims.status, "open"));
  return row?.n ?? 0;
}

const DECIDED_SHOWN = 20;

/** Every open claim, oldest first (the longest waiting at the top), and the latest decided ones. */
export async function listClaims(deps: Pick<Deps, "db">) {
  const columns = {
    id: claims.id,
    kind: claims.kind,
    status: claims.status,
    createdAt: claims.createdAt,
    refundPaise: claims.refundPaise,
    number: orders.number,
    customer: users.name,
    files: sql<number>`(SELECT count(*) FROM ${claimEvidence} WHERE ${claimEvidence.claimId} = ${claims.id})`,
  };
  const base = () => deps.db.select(columns).from(claims).innerJoin(orders, eq(orders.id, claims.orderId)).innerJoin(users, eq(users.id, claims.userId));
  const [open, decided] = await Promise.all([
    base().where(eq(claims.status, "open")).orderBy(asc(claims.createdAt), asc(claims.id)),
    base().where(ne(claims.status, "open")).orderBy(desc(claims.decidedAt), desc(claims.id)).limit(DECIDED_SHOWN),
  ]);
  return { open, decided };
}

const decider = alias(users, "decider");

/** One claim for the admin: the order, the customer, the evidence, who decided it, and what is left to refund. */
export async function getAdminClaim(deps: Pick<Deps, "db">, id: number) {
  const [row] = await deps.db
    .select({ claim: claims, number: orders.number, customer: users.name, email: users.email, decidedBy: decider.name })
    .from(claims)
    .innerJoin(orders, eq(orders.id, claims.orderId))
    .innerJoin(users, eq(users.id, claims.userId))
    .leftJoin(decider, eq(decider.id, claims.decidedBy))
    .where(eq(claims.id, id))
    .limit(1);
  if (!row) throw new NotFoundError(claimMessages.decisionErrors.notFound);
  const [[view], money, delivered] = await Promise.all([
    claimViews(deps, row.number, [row.claim]),
    orderMoney(deps, row.claim.orderId),
    deliveredAt(deps, row.claim.orderId),
  ]);
  const { capturedPaise, refundedPaise, refundPendingPaise } = money.summary;
  return {
    ...view,
    number: row.number,
    customer: { name: row.customer, email: row.email },
    decidedBy: row.decidedBy,
    deliveredAt: delivered,
    money: { capturedPaise, refundingPaise: refundedPaise + refundPendingPaise, leftPaise: capturedPaise - refundedPaise - refundPendingPaise },
  };
}

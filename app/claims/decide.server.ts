import { and, eq, sql } from "drizzle-orm";
import { eventStatement } from "~/orders/events.server";
import { previousChanged, runBatch } from "~/db/guards.server";
import { claims, LEDGER_REASON, orders, type Claim, type User } from "~/db/schema";
import type { Deps, PrimaryDeps } from "~/deps";
import { claimMessages } from "~/i18n/claims.messages";
import { format } from "~/i18n/format";
import { ConflictError, InvalidInputError, NotFoundError } from "~/lib/errors";
import { formatRupees } from "~/lib/money";
import type { NoticeMessages } from "~/notifications/notice-messages";
import { notifyCustomer } from "~/notifications/notify.server";
import { CLAIM_STATUS } from "./rules";
import { processOrderRefunds, refundablePaise, refundAmountStatement } from "~/payments/ledger.server";

/**
 * The admin decides an open claim once: approved with a refund, or rejected with a reason. Each decision is
 * one batch whose first write only happens while the claim is still open, so two admins (or one pressing
 * twice) cannot both decide it: two approvals refund once, an approval and a rejection leave exactly one.
 * The refund is the money module's: an exact amount drawn from what the order's captures have left, never
 * more, whatever cancel or difference refund came before.
 */
const m = claimMessages;
const d = claimMessages.decisionErrors;

async function loadClaim(deps: Pick<Deps, "db">, id: number): Promise<{ claim: Claim; number: string; userId: number }> {
  const [row] = await deps.db
    .select({ claim: claims, number: orders.number, userId: orders.userId })
    .from(claims)
    .innerJoin(orders, eq(orders.id, claims.orderId))
    .where(eq(claims.id, id))
    .limit(1);
  if (!row) throw new NotFoundError(d.notFound);
  return row;
}

/**
 * The customer's notice of the decision, in their language: in the bell (which opens the order) and by e-mail
 * with the order's address in that language.
 */
async function tellCustomer(
  deps: Deps,
  row: { claim: Claim; number: string; userId: number },
  words: (c: NoticeMessages["claims"], kind: string) => { title: string; message: string },
) {
  return notifyCustomer(
    deps,
    { id: row.claim.orderId, userId: row.userId, number: row.number },
    {
      type: "claim",
      words: (t) => {
        const { title, message } = words(t.claims, t.claims.kinds[row.claim.kind].toLowerCase());
        return { title: format(title, { number: row.number }), message };
      },
    },
  );
}

export async function approveClaim(deps: PrimaryDeps, admin: User, input: { id: number; amountPaise: number }, now = deps.now()) {
  const row = await loadClaim(deps, input.id);
  const { claim } = row;
  if (claim.status !== CLAIM_STATUS.open) throw new ConflictError(d.decided);
  // Whole rupees, like every capture: split over the order's payments, no part is then under the ₹1 a gateway refunds.
  if (!Number.isSafeInteger(input.amountPaise) || input.amountPaise % 100 !== 0 || input.amountPaise < 100) throw new InvalidInputError(d.amount);
  const tooMuch = (left: number) => new ConflictError(left > 0 ? format(d.tooMuch, { max: formatRupees(left) }) : d.nothingLeft);
  const left = await refundablePaise(deps, claim.orderId);
  if (input.amountPaise > left) throw tooMuch(left);
  const amount = formatRupees(input.amountPaise);
  const stillOpen = and(eq(claims.id, claim.id), eq(claims.status, CLAIM_STATUS.open));
  const batch = await runBatch(deps.db, {
    refund: refundAmountStatement(deps, {
      orderId: claim.orderId,
      reason: LEDGER_REASON.claim,
      key: `claim-${claim.id}`,
      amountPaise: input.amountPaise,
      now,
      guard: sql`EXISTS (SELECT 1 FROM ${claims} WHERE ${stillOpen})`,
    }),
    // Approved only if this batch wrote the refund.
    claim: deps.db
      .update(claims)
      .set({ status: CLAIM_STATUS.approved, refundPaise: input.amountPaise, decidedBy: admin.id, decidedAt: now, updatedAt: now })
      .where(and(stillOpen, previousChanged("some"))),
    event: eventStatement(deps, claim.orderId, admin, "claim", String(claim.id), CLAIM_STATUS.approved, format(m.admin.refund, { amount }), now),
  });
  if (batch.claim.meta.changes !== 1) {
    if ((await loadClaim(deps, claim.id)).claim.status !== CLAIM_STATUS.open) throw new ConflictError(d.decided);
    throw tooMuch(await refundablePaise(deps, claim.orderId));
  }
  const { done } = await processOrderRefunds(deps, claim.orderId, now);
  const made = done >= input.amountPaise;
  const { emailed } = await tellCustomer(deps, row, (c, kind) => ({
    title: c.notices.approvedTitle,
    message: format(made ? c.notices.approved : c.notices.approvedPending, { number: row.number, kind, amount }),
  }));
  return { message: format(made ? m.admin.approved : m.admin.approvedPending, { amount }), emailed };
}

export async function rejectClaim(deps: PrimaryDeps, admin: User, input: { id: number; reason: string }, now = deps.now()) {
  const row = await loadClaim(deps, input.id);
  const { claim } = row;
  if (claim.status !== CLAIM_STATUS.open) throw new ConflictError(d.decided);
  const reason = input.reason.trim();
  if (reason.length < 3 || reason.length > 500) throw new InvalidInputError(d.reason);
  const batch = await runBatch(deps.db, {
    claim: deps.db
      .update(claims)
      .set({ status: CLAIM_STATUS.rejected, decisionReason: reason, decidedBy: admin.id, decidedAt: now, updatedAt: now })
      .where(and(eq(claims.id, claim.id), eq(claims.status, CLAIM_STATUS.open))),
    event: eventStatement(deps, claim.orderId, admin, "claim", String(claim.id), CLAIM_STATUS.rejected, reason, now),
  });
  if (batch.claim.meta.changes !== 1) throw new ConflictError(d.decided);
  const { emailed } = await tellCustomer(deps, row, (c, kind) => ({
    title: c.notices.rejectedTitle,
    message: format(c.notices.rejected, { number: row.number, kind, reason }),
  }));
  return { message: m.admin.rejected, emailed };
}

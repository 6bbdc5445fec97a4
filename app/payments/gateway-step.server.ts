/**
 * A money step that needs the gateway, in the one order that keeps it safe: claimed in D1 first, so no other
 * request (a second tab, the scheduled job) takes the same step meanwhile; then the gateway is called; if the
 * call fails, the claim is undone so the step can be tried again, and the step's own error is thrown. A claim
 * another request won already is `lost()`, and the gateway is never called.
 */
export async function claimThenCall<T>(step: {
  claim: () => Promise<boolean>;
  lost: () => Error;
  call: () => Promise<T>;
  undo: () => Promise<unknown>;
  failed: (cause: unknown) => Error;
}): Promise<T> {
  if (!(await step.claim())) throw step.lost();
  try {
    return await step.call();
  } catch (cause) {
    await step.undo();
    throw step.failed(cause);
  }
}

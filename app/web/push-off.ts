/**
 * Turning this browser's push off, here and at the store: all the site's shell needs (signing out does it), kept
 * apart from turning it on so that every page does not load that.
 */
/** Ends this browser's subscription, here and at the store (the store's part is best effort: a gone one is dropped when next sent to). */
export async function turnOffPush(): Promise<void> {
  const subscription = await (await navigator.serviceWorker?.getRegistration("/"))?.pushManager.getSubscription();
  if (!subscription) return;
  await fetch("/api/push/subscriptions", {
    method: "DELETE",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ endpoint: subscription.endpoint }),
  }).catch(() => {});
  await subscription.unsubscribe();
}

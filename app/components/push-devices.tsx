import { useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Form } from "~/components/link";
import { format } from "~/i18n/format";
import { pushState } from "~/web/push-device";
import { turnOffPush } from "~/web/push-off";
import { useMessages } from "~/web/site";

/**
 * The profile's notifications: how many devices get them and a plain form turning them off on all (which works
 * without JavaScript); with it, this phone's own switch when this phone gets them.
 */
export function PushDevices({ devices }: { devices: number }) {
  const { app } = useMessages();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "push-off-all";
  const [here, setHere] = useState<"on" | "off" | "turningOff" | null>(null);
  useEffect(() => {
    pushState().then(
      (state) => setHere(state === "on" ? "on" : null),
      () => setHere(null),
    );
  }, [devices]);
  const turnOff = async () => {
    setHere("turningOff");
    await turnOffPush().catch((error: unknown) => console.warn("Turning off notifications failed", error));
    setHere("off");
  };
  const count = devices === 0 ? app.devicesNone : devices === 1 ? app.devicesOne : format(app.devicesMany, { count: String(devices) });
  return (
    <section aria-labelledby="push-title" className="mt-10 border-t border-river-100 pt-8 dark:border-river-800">
      <h2 id="push-title" className="font-serif text-xl font-bold">
        {app.devicesHeading}
      </h2>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-200" data-testid="push-devices">
        {count}
      </p>
      {here === "on" || here === "turningOff" ? (
        <button type="button" className="btn-outline mt-4" onClick={turnOff} disabled={here === "turningOff"} aria-busy={here === "turningOff"}>
          {app.turnOff}
        </button>
      ) : here === "off" ? (
        <p role="status" className="mt-4 text-sm font-medium">
          {app.pushOff}
        </p>
      ) : null}
      {devices > 0 ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="push-off-all" />
          <button type="submit" className="btn-outline" disabled={busy} aria-busy={busy}>
            {app.turnOffAll}
          </button>
        </Form>
      ) : null}
    </section>
  );
}

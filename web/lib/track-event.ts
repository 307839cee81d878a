// The spec's tracking helper: each named event goes to the KPI call (/log/event: clickid, service, nome_evento,
// valore_evento, premiumLevel, flux, country, ua), which the Worker stores and forwards to the brand's tracker;
// the client events of api/log/event (clickid, angelId, type) are posted there too for a member.
import type { PublicBrand } from "../../worker/contracts/brand";
import type { LogEventType } from "../../worker/contracts/engagement";
import { logEventTypes } from "../../worker/contracts/log-event-types";
import type { KpiEventName } from "../../worker/contracts/tracking-names";
import { api } from "./api";
import { store } from "./storage";
import { tracking } from "./tracking";

const isLogEvent = (name: string): name is LogEventType =>
  (logEventTypes as readonly string[]).includes(name);

export interface TrackedContext {
  brand: PublicBrand;
  /** The member's click id once signed in; the visitor's tracking id before. */
  clickid?: string;
  premiumLevel?: number;
}

/** Sends one event; a failure is only a warning (tracking never stands in a member's way). */
export function trackEvent(
  name: KpiEventName,
  context: TrackedContext,
  extra: {
    angelId?: number;
    valore?: string | number;
    unica?: boolean;
    /** The server already stored this member event where it decided it (a refused message): KPI only. */
    storedByServer?: boolean;
    /** An id for an event that counts once (the tracker is told once however often it is sent). */
    onceAs?: string;
  } = {},
) {
  const clickid = context.clickid ?? store.get("trackerId") ?? tracking().trackerId;
  const warn = (error: unknown) => console.warn(`tracking ${name} failed`, error);
  api.log.event
    .$post({
      json: {
        clickid,
        service: context.brand.id,
        nome_evento: name,
        ...(extra.valore !== undefined ? { valore_evento: extra.valore } : {}),
        ...(context.premiumLevel !== undefined ? { premiumLevel: context.premiumLevel } : {}),
        flux: tracking().fluxId,
        country: context.brand.country,
        ua: navigator.userAgent.slice(0, 512),
        ...(extra.unica ? { unica: true } : {}),
        ...(extra.angelId !== undefined ? { metadata: { angelId: extra.angelId } } : {}),
        eventId: extra.onceAs ?? crypto.randomUUID(),
      },
    })
    .catch(warn);
  if (context.clickid && store.get("token") && isLogEvent(name) && !extra.storedByServer) {
    api.api.log.event
      .$post({ json: { clickid: context.clickid, angelId: extra.angelId ?? null, type: name } })
      .catch(warn);
  }
}

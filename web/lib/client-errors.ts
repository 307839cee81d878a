// The browser's errors reported to the backend (POST /api/log/client, with the spec's subjects): window errors,
// unhandled promise rejections, the error boundary and the failed calls the pages log. Each report is scrubbed
// of addresses, numbers and tokens before it leaves, the same one is sent once a minute at most, and a device
// sends at most REPORTS_PER_MINUTE (the server throttles per device and network as well).
import { scrub } from "../../worker/contracts/scrub";
import { CLIENT_LOG_SUBJECTS } from "../../worker/contracts/tracking-names";
import { api } from "./api";
import { store } from "./storage";

export const REPORTS_PER_MINUTE = 5;
const SAME_REPORT_MS = 60_000;
const sentAt = new Map<string, number>();
let window0 = 0;
let inWindow = 0;

/** The device's id as the server's throttle reads it (the tracking fingerprint, trimmed to its contract). */
function deviceId(): string | undefined {
  const raw = (store.get("fingerprint") ?? "").replace(/[^A-Za-z0-9-]/g, "").slice(0, 64);
  return raw.length >= 16 ? raw : undefined;
}

/** Whether this report may go now: not the same one within a minute, and not past the device's rate. */
export function mayReport(key: string, now: number): boolean {
  const last = sentAt.get(key);
  if (last !== undefined && now - last < SAME_REPORT_MS) return false;
  if (now - window0 >= 60_000) {
    window0 = now;
    inWindow = 0;
  }
  if (inWindow >= REPORTS_PER_MINUTE) return false;
  inWindow++;
  sentAt.set(key, now);
  if (sentAt.size > 100) sentAt.clear();
  return true;
}

/** Reports one problem; a failure to report is only a warning in the console. */
export function reportClientError(subject: string, message: string) {
  const messaggio = scrub(message, 500);
  const clean = scrub(subject, 80) || "Errore";
  if (!mayReport(`${clean}\n${messaggio}`, Date.now())) return;
  const device = deviceId();
  const release = store.get("softwareVersion") ?? undefined;
  api.api.log.client
    .$post({
      json: {
        subject: clean,
        messaggio,
        ...(release ? { release: release.slice(0, 40) } : {}),
        ...(device ? { deviceId: device } : {}),
      },
    })
    .catch((error: unknown) => console.warn("log/client failed", error));
}

const describe = (value: unknown) =>
  value instanceof Error ? `${value.name}: ${value.message}` : typeof value === "string" ? value : "unknown";

/** Window errors and unhandled rejections, reported once installed (main.tsx, before the first render). */
export function installErrorReporting() {
  window.addEventListener("error", (event) => {
    // A resource that failed to load (an image) is not a script error.
    if (!(event instanceof ErrorEvent)) return;
    const where = event.filename ? ` @ ${event.filename.split("?")[0]}:${event.lineno}` : "";
    reportClientError(CLIENT_LOG_SUBJECTS.windowError, `${describe(event.error ?? event.message)}${where}`);
  });
  window.addEventListener("unhandledrejection", (event) => {
    reportClientError(CLIENT_LOG_SUBJECTS.unhandledRejection, describe(event.reason));
  });
}

// Web push in the browser: the service worker at the site's root (/sw.js), the subscription made with the
// brand's VAPID key and stored by POST /api/users/pushToken, renewed after 7 days or when the browser changed
// it, and the records of a notification that brought the member back.
import { PUSH_REFRESH_MS } from "../../worker/contracts/push-refresh";
import { api } from "./api";
import { store } from "./storage";

/** The spec's service worker wait: how long the page waits for the worker to be ready. */
const SERVICE_WORKER_WAIT_MS = 10_000;
const SENT_KEY = "pushSentAt";
const ENDPOINT_KEY = "pushEndpoint";

export type PushState = "unsupported" | "blocked" | "off" | "on";

export const pushSupported = () =>
  typeof window !== "undefined" &&
  "serviceWorker" in navigator &&
  "PushManager" in window &&
  "Notification" in window;

/** The service worker's registration, or null when it is not ready within the spec's wait. */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), SERVICE_WORKER_WAIT_MS));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

/** The site's service worker, registered on every member page where the browser has them. */
export async function registerServiceWorker(): Promise<void> {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  await navigator.serviceWorker.register("/sw.js", { scope: "/" });
}

/** Whether this browser sends the member's notifications now. */
export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  if (Notification.permission === "denied") return "blocked";
  const reg = await registration();
  const subscription = await reg?.pushManager.getSubscription();
  return subscription && Notification.permission === "granted" ? "on" : "off";
}

/** The VAPID public key (base64url) as the bytes PushManager.subscribe takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

async function send(subscription: PushSubscription, enable: boolean): Promise<boolean> {
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) return false;
  const response = await api.api.users.pushToken.$post({
    json: { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth }, enable },
  });
  if (!response.ok) return false;
  store.set(SENT_KEY, String(Date.now()));
  store.set(ENDPOINT_KEY, json.endpoint);
  return true;
}

/**
 * The member asked for push here (the page's button, the channel popup): the browser's permission, then a
 * subscription with the brand's key, stored for the member with push turned on. Answers the state after it.
 */
export async function enablePush(vapidPublicKey: string): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  const permission = await Notification.requestPermission();
  if (permission === "denied") return "blocked";
  if (permission !== "granted") return "off";
  const reg = await registration();
  if (!reg) return "off";
  const subscription =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(vapidPublicKey),
    }));
  return (await send(subscription, true)) ? "on" : "off";
}

/** Turns push off on this browser: the subscription ends and the server forgets it. */
export async function disablePush(): Promise<void> {
  const reg = await registration();
  const subscription = await reg?.pushManager.getSubscription();
  if (!subscription) return;
  await api.api.users.pushToken.$delete({ json: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
  store.remove(ENDPOINT_KEY);
}

/**
 * On every member page load: a subscription the browser changed (pushsubscriptionchange) or older than 7 days
 * is sent again, so the server never holds a dead endpoint for long. Never asks for permission.
 */
export async function refreshPush(): Promise<void> {
  if (!pushSupported() || Notification.permission !== "granted") return;
  const registrations = await navigator.serviceWorker.getRegistrations();
  if (registrations.length === 0) return;
  const reg = await registration();
  const subscription = await reg?.pushManager.getSubscription();
  if (!subscription) return;
  const sentAt = Number(store.get(SENT_KEY) ?? 0);
  const changed = store.get(ENDPOINT_KEY) !== subscription.endpoint;
  if (changed || Date.now() - sentAt > PUSH_REFRESH_MS) await send(subscription, false);
}

/**
 * The page a notification opened carries `n` (its id) and `ch` (its channel): the member came back from it.
 * Answers the address without them, to replace the current one.
 */
export function reportCameBack(url: URL): string | null {
  const id = url.searchParams.get("n");
  const channel = url.searchParams.get("ch");
  if (!id || (channel !== "push" && channel !== "telegram" && channel !== "email")) return null;
  void api.api.notifications.back.$post({ json: { id, channel } }).catch(() => undefined);
  url.searchParams.delete("n");
  url.searchParams.delete("ch");
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The service worker asks an open tab to show a notification's page (a click while the site is open). */
export function onServiceWorkerNavigate(go: (path: string) => void): () => void {
  if (!pushSupported()) return () => undefined;
  const listener = (event: MessageEvent) => {
    const data = event.data as { type?: unknown; url?: unknown } | null;
    if (data?.type === "open" && typeof data.url === "string" && data.url.startsWith("/")) go(data.url);
  };
  navigator.serviceWorker.addEventListener("message", listener);
  return () => navigator.serviceWorker.removeEventListener("message", listener);
}

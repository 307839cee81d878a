// The style sheets' order in the one CSS file the site loads. Each sheet is imported by the components it
// styles; this list only fixes where it lands, because a later rule wins over an equally specific earlier
// one, and some elements carry classes of two sheets. The four first come before the global base and the
// UI kit, as they always did: there the kit's or the base's rule is the one that applies (.count-badge's
// margin on .menu-badge, .topbar's padding on .mobile-topbar, the generic popup's padding, backdrop and
// headings in the invite modal, .form and .badge in the console, .link-button on the notification popup's
// close button). chat.css comes after match.css, whose chat button also carries the class chat.
import "./components/nav/nav.css";
import "./features/discovery/match.css";
import "./features/ops/ops.css";
import "./features/notifications/notifications.css";
import "./styles.css";
import "./components/nav/topbar.css";
import "./app/layout.css";
import "./components/ui/ui.css";
import "./features/home/home.css";
import "./features/auth/auth.css";
import "./components/like-button/like-button.css";
import "./features/discovery/find.css";
import "./features/discovery/angel-profile.css";
import "./features/chat/chat-list.css";
import "./components/conversation.css";
import "./features/chat/chat.css";
import "./features/profile/profile.css";
import "./components/cookie-banner.css";
import "./components/legal-links.css";
import "./features/legal/legal.css";
import { RouterProvider } from "@tanstack/react-router";
import { type ReactNode, StrictMode, Suspense, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { loadMemberFrame } from "./app/Layout";
import { ErrorBoundary } from "./components/ErrorBoundary";
import { I18nProvider, loadCatalogue } from "./i18n/i18n";
import { readBrand } from "./lib/brand";
import { installErrorReporting } from "./lib/client-errors";
import { reportLandingClick } from "./lib/landing-click";
import { loadOnce } from "./lib/load-once";
import { SessionProvider } from "./lib/session/session";
import { store } from "./lib/storage";
import { startTracking } from "./lib/tracking";
import { createAppRouter } from "./router";

installErrorReporting();
const brand = readBrand();
// The brand's language is a chunk of its own: fetched now, beside the first page's chunk, rather than when
// the first render asks for it.
const catalogue = loadCatalogue(brand.language);
// The session stored now, at the start, is this page's (SessionProvider verifies it): read once, here.
const startToken = store.get("token");
// A stored session is most likely a member's: the member's bars load while the session is verified.
const memberFrame = startToken ? loadMemberFrame() : undefined;
// Before the router renders (it may rewrite the address): the flux id depends on the landing URL.
startTracking(brand);
reportLandingClick(brand);
const router = createAppRouter(brand);
// TanStack Query comes beside the first page's chunk rather than inside the entry: the pages that read server
// data are chunks of their own, and the start (brand, session, router) does not need it.
const query = loadOnce(async () => {
  const m = await import("./lib/query-client");
  return { client: m.createQueryClient(), Provider: m.QueryClientProvider };
});
function QueryProvider({ children }: { children: ReactNode }) {
  const { client, Provider } = query.read();
  return <Provider client={client}>{children}</Provider>;
}
const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

// The Worker's boot splash (worker/html/brand-html.ts), kept while the language and TanStack Query arrive.
const splash = (
  <div className="boot">
    <img className="boot-logo" src={brand.logo_url} alt={brand.title} width={72} height={72} />
  </div>
);
const app = createRoot(root);
// The first render waits for what the first screen needs (the HTML's splash stays up meanwhile), so that
// nothing in it suspends: a Suspense boundary that has shown its fallback holds its content back until 300 ms
// have passed (React's reveal throttle), and a start that suspended in turn on the language, TanStack Query,
// the member's frame and the page's chunk drew the first screen up to a second late. Whatever failed to load
// is left to the boundaries, as before. Then a transition: React draws the first screen in slices and lets
// the browser in between, rather than in one long task (most of the page's blocking time at start on a phone).
void Promise.allSettled([catalogue, query.load(), memberFrame, router.load()]).then(() =>
  startTransition(() =>
    app.render(
      <StrictMode>
        <Suspense fallback={splash}>
          <QueryProvider>
            <I18nProvider locale={brand.language}>
              <SessionProvider startToken={startToken}>
                <ErrorBoundary>
                  <RouterProvider router={router} />
                </ErrorBoundary>
              </SessionProvider>
            </I18nProvider>
          </QueryProvider>
        </Suspense>
      </StrictMode>,
    ),
  ),
);

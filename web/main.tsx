// The style sheets' order in the one CSS file the site loads. Each sheet is imported by the components it
// styles; this list only fixes where it lands, because a later rule wins over an equally specific earlier
// one, and some elements carry classes of two sheets. The four first come before the global base and the
// UI kit, as they always did: there the kit's or the base's rule is the one that applies (.count-badge's
// margin on .menu-badge, .topbar's padding on .mobile-topbar, the generic popup's padding, backdrop and
// headings in the invite modal, .form and .badge in the console, .link-button on the notification popup's
// close button). chat.css comes after match.css, whose chat button also carries the class chat.
import "./components/nav/nav.css";
import "./features/match/match.css";
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
import "./features/angel-profile/angel-profile.css";
import "./features/chat/chat-list.css";
import "./components/conversation.css";
import "./features/chat/chat.css";
import "./features/own-profile/own-profile.css";
import "./components/cookie-banner.css";
import "./components/legal-links.css";
import "./features/legal/legal.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { I18nProvider } from "./i18n/i18n";
import { readBrand } from "./lib/brand";
import { createQueryClient } from "./lib/query-client";
import { SessionProvider } from "./lib/session/session";
import { startTracking } from "./lib/tracking";
import { createAppRouter } from "./router";

const brand = readBrand();
// Before the router renders (it may rewrite the address): the flux id depends on the landing URL.
startTracking(brand);
const router = createAppRouter(brand);
const queryClient = createQueryClient();
const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <I18nProvider locale={brand.language}>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </I18nProvider>
    </QueryClientProvider>
  </StrictMode>,
);

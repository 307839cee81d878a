// A member's frame around the page: the notification state, the bars, the bottom menu and the popups any
// member page can raise. A chunk of its own (Layout.tsx loads it), so a visitor's first page does not carry
// it.
import { useNavigate, useRouterState } from "@tanstack/react-router";
import { type ReactNode, useEffect } from "react";
import type { PublicBrand } from "../../worker/contracts/brand";
import { CookieBanner } from "../components/CookieBanner";
import { BottomMenu } from "../components/nav/BottomMenu";
import { MobileTopBar } from "../components/nav/MobileTopBar";
import { showsBottomMenu } from "../components/nav/nav-rules";
import { TopBar } from "../components/nav/TopBar";
import { useMobile } from "../components/nav/useMobile";
import { PhoneVerifyHost } from "../components/phone-verify/PhoneVerify";
import { ChannelChoicePopup } from "../features/notifications/ChannelChoicePopup";
import { NotificationPopup } from "../features/notifications/NotificationPopup";
import { PurchaseKoToast } from "../features/payments/PurchaseKoToast";
import { NotificationsProvider } from "../lib/notifications/notifications";
import { onServiceWorkerNavigate, refreshPush, registerServiceWorker, reportCameBack } from "../lib/push";

/**
 * Web push on every member page: a notification's page reports that it brought the member back, the browser's
 * subscription is renewed when due, and a click on a notification while the site is open goes to its page.
 */
function usePush() {
  const navigate = useNavigate();
  useEffect(() => {
    const clean = reportCameBack(new URL(window.location.href));
    if (clean) window.history.replaceState(window.history.state, "", clean);
    void registerServiceWorker()
      .then(refreshPush)
      .catch(() => undefined);
    return onServiceWorkerNavigate((path) => {
      const target = new URL(path, window.location.origin);
      const next = reportCameBack(target) ?? path;
      void navigate({ to: next });
    });
  }, [navigate]);
}

import { OpenSessionPopups } from "./OpenSessionPopups";

export function MemberFrame({ brand, children }: { brand: PublicBrand; children: ReactNode }) {
  const mobile = useMobile();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const bottomMenu = mobile && showsBottomMenu(pathname);
  usePush();
  return (
    <NotificationsProvider>
      <div className={`app${bottomMenu ? " with-bottom-menu" : ""}`}>
        {mobile ? <MobileTopBar brand={brand} /> : <TopBar brand={brand} />}
        <main className="content">{children}</main>
        {bottomMenu && <BottomMenu />}
        <NotificationPopup />
        <PurchaseKoToast />
        <OpenSessionPopups brand={brand} />
        <ChannelChoicePopup />
        <PhoneVerifyHost />
        <CookieBanner brand={brand} />
      </div>
    </NotificationsProvider>
  );
}

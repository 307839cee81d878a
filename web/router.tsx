import {
  createRootRoute,
  createRoute,
  createRouter,
  Navigate,
  Outlet,
  useRouterState,
} from "@tanstack/react-router";
import type { PublicBrand } from "../worker/contracts/brand";
import { LegalPage as LegalPageKey } from "../worker/contracts/legal";
import { Layout } from "./app/Layout";
import { RequireMember } from "./app/RequireMember";
import { AngelProfilePage } from "./features/angel-profile/AngelProfilePage";
import { AutoSignupPage } from "./features/auth/AutoSignupPage";
import { ForgotPasswordPage } from "./features/auth/ForgotPasswordPage";
import { GoogleCallbackPage } from "./features/auth/GoogleCallbackPage";
import { AutoLoginPage, ConfirmEmailPage } from "./features/auth/LinkLanders";
import { LoginPage } from "./features/auth/LoginPage";
import { ResetPasswordPage } from "./features/auth/ResetPasswordPage";
import { SignupPage } from "./features/auth/SignupPage";
import { ChatListPage } from "./features/chat/ChatListPage";
import { ChatPage } from "./features/chat/ChatPage";
import { FindPage } from "./features/discovery/FindPage";
import { HomePage } from "./features/home/HomePage";
import { ContactPage } from "./features/legal/ContactPage";
import { LegalPage } from "./features/legal/LegalPage";
import { MatchPage } from "./features/match/MatchPage";
import { NotificationsPage } from "./features/notifications/NotificationsPage";
import { isOpsPath, opsRoutes } from "./features/ops/ops-routes";
import { OwnProfilePage } from "./features/own-profile/OwnProfilePage";
import { CardUpdatePage } from "./features/payments/CardUpdatePage";
import { OkPage } from "./features/payments/OkPage";
import { PaymentCheckPage, type ReturnPage, returnPages } from "./features/payments/PaymentCheckPage";
import { PayPage } from "./features/payments/PayPage";
import { PlansPage } from "./features/payments/PlansPage";
import { isPlanPageType } from "./features/payments/payments-queries";
import { UnsubscribePage } from "./features/payments/UnsubscribePage";
import { useMemberHome, useSession } from "./lib/session/session";

/** The spec: any other path goes home, or to /find for a member. */
function Fallback() {
  const { state } = useSession();
  const home = useMemberHome();
  return <Navigate to={state.status === "member" ? home : "/"} replace />;
}

/** The member layout everywhere but the operator console (/ops), which has its own. */
function Root({ brand }: { brand: PublicBrand }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return isOpsPath(pathname) ? <Outlet /> : <Layout brand={brand} />;
}

/** /find is the search for a member and an auto sign-up lander for a visitor. */
function FindRoute({ brand }: { brand: PublicBrand }) {
  const { state } = useSession();
  return state.status === "member" ? <FindPage /> : <AutoSignupPage brand={brand} kind="find" />;
}

/**
 * Query values stay plain strings (the router's default parses JSON, which would turn a tid of "1e5" into
 * 100000 and rewrite the address bar of links from mails).
 */
const parseSearch = (search: string): Record<string, string> =>
  Object.fromEntries(new URLSearchParams(search.startsWith("?") ? search.slice(1) : search));
const stringifySearch = (search: Record<string, unknown>): string => {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value !== undefined && value !== null) query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : "";
};

export function createAppRouter(brand: PublicBrand) {
  const root = createRootRoute({ component: () => <Root brand={brand} />, notFoundComponent: Fallback });
  const page = <P extends string>(path: P, component: () => React.ReactNode) =>
    createRoute({ getParentRoute: () => root, path, component });
  const chat = createRoute({
    getParentRoute: () => root,
    path: "/chats/$angelId",
    component: function Chat() {
      const { angelId } = chat.useParams();
      return (
        <RequireMember>
          <ChatPage key={angelId} angelId={Number(angelId)} />
        </RequireMember>
      );
    },
  });
  const angelProfile = createRoute({
    getParentRoute: () => root,
    path: "/user/$angelId",
    component: function AngelProfile() {
      const { angelId } = angelProfile.useParams();
      return (
        <RequireMember>
          <AngelProfilePage key={angelId} angelId={Number(angelId)} />
        </RequireMember>
      );
    },
  });
  /** The spec's five legal pages; another key is any other path (home, or /find for a member). */
  const legal = createRoute({
    getParentRoute: () => root,
    path: "/legal/$page",
    component: function Legal() {
      const parsed = LegalPageKey.safeParse(legal.useParams().page);
      return parsed.success ? <LegalPage key={parsed.data} brand={brand} page={parsed.data} /> : <Fallback />;
    },
  });
  const plans = createRoute({
    getParentRoute: () => root,
    path: "/vip_plan/$rateplan",
    component: function Plans() {
      const { rateplan } = plans.useParams();
      return (
        <RequireMember>
          <PlansPage key={rateplan} type={isPlanPageType(rateplan) ? rateplan : "cred"} />
        </RequireMember>
      );
    },
  });
  const pay = createRoute({
    getParentRoute: () => root,
    path: "/purchase/pay",
    component: function Pay() {
      const search = pay.useSearch() as Record<string, string>;
      return (
        <RequireMember>
          <PayPage brand={brand} productId={search.plan} />
        </RequireMember>
      );
    },
  });
  const cardUpdate = createRoute({
    getParentRoute: () => root,
    path: "/purchase/card",
    component: () => (
      <RequireMember>
        <CardUpdatePage brand={brand} />
      </RequireMember>
    ),
  });
  /** The spec's other payment page addresses lead to the one payment page (or the plans, without a plan). */
  const toPay = (path: "/purchase" | "/purchase/choose" | "/paymentPage") =>
    page(path, function ToPay() {
      const search = useRouterState({ select: (s) => s.location.search }) as Record<string, string>;
      return <Navigate to="/purchase/pay" search={{ plan: search.plan }} replace />;
    });
  const returnRoutes = (Object.keys(returnPages) as ReturnPage[]).map((name) =>
    page(`/${name}/paymentCheck`, function Check() {
      const search = useRouterState({ select: (s) => s.location.search }) as Record<string, string>;
      return (
        <RequireMember>
          <PaymentCheckPage page={name} search={search} />
        </RequireMember>
      );
    }),
  );
  const routes = [
    page("/", () => <HomePage brand={brand} />),
    page("/signup", () => <SignupPage brand={brand} variant="signup" />),
    page("/ms", () => <SignupPage brand={brand} variant="ms" />),
    page("/asignup", () => <AutoSignupPage brand={brand} kind="asignup" />),
    page("/external_email", () => <AutoSignupPage brand={brand} kind="external_email" />),
    page("/loginWithGoogle", () => <GoogleCallbackPage brand={brand} />),
    page("/find", () => <FindRoute brand={brand} />),
    page("/login", () => <LoginPage brand={brand} />),
    page("/forgotPassword", () => <ForgotPasswordPage brand={brand} />),
    page("/resetPassword", () => <ResetPasswordPage />),
    page("/confirmEmail", () => <ConfirmEmailPage />),
    page("/contactUs", () => <ContactPage brand={brand} />),
    legal,
    page("/autologin", () => <AutoLoginPage channel="email" />),
    page("/autologin_telegram", () => <AutoLoginPage channel="telegram" />),
    page("/unsubscribe", () => (
      <RequireMember>
        <UnsubscribePage />
      </RequireMember>
    )),
    page("/profile", () => (
      <RequireMember>
        <OwnProfilePage />
      </RequireMember>
    )),
    page("/match", () => (
      <RequireMember>
        <MatchPage />
      </RequireMember>
    )),
    page("/chats", () => (
      <RequireMember>
        <ChatListPage brand={brand} />
      </RequireMember>
    )),
    page("/notifications", () => (
      <RequireMember>
        <NotificationsPage />
      </RequireMember>
    )),
    chat,
    angelProfile,
    plans,
    pay,
    cardUpdate,
    toPay("/purchase"),
    toPay("/purchase/choose"),
    toPay("/paymentPage"),
    ...returnRoutes,
    page("/ok", () => <OkPage ok />),
    page("/ok/", () => <OkPage ok />),
    page("/ko", () => <OkPage ok={false} />),
    opsRoutes(root),
  ] as const;
  return createRouter({ routeTree: root.addChildren([...routes]), parseSearch, stringifySearch });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}

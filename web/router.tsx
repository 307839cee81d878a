import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  useRouter,
  useRouterState,
} from "@tanstack/react-router";
import { type ReactNode, useLayoutEffect, useState } from "react";
import type { PublicBrand } from "../worker/contracts/brand";
import { Layout } from "./app/Layout";
import { RequireMember } from "./app/RequireMember";
import { RouteError } from "./components/ErrorBoundary";
import { isOpsPath, opsRoutes } from "./features/ops/ops-routes";
import { useMemberHome, useSession } from "./lib/session/session";
import { store } from "./lib/storage";

// Every page is a chunk of its own (lazyRouteComponent): the router fetches a route's chunk as soon as the
// route matches, before it renders, so the first screen loads only the layout and its own page.
const HomePage = lazyRouteComponent(() => import("./features/home/HomePage"), "HomePage");
const AutoSignupPage = lazyRouteComponent(() => import("./features/auth/AutoSignupPage"), "AutoSignupPage");
const ForgotPasswordPage = lazyRouteComponent(
  () => import("./features/auth/ForgotPasswordPage"),
  "ForgotPasswordPage",
);
const GoogleCallbackPage = lazyRouteComponent(
  () => import("./features/auth/GoogleCallbackPage"),
  "GoogleCallbackPage",
);
const AutoLoginPage = lazyRouteComponent(() => import("./features/auth/LinkLanders"), "AutoLoginPage");
const ConfirmEmailPage = lazyRouteComponent(() => import("./features/auth/LinkLanders"), "ConfirmEmailPage");
const LoginPage = lazyRouteComponent(() => import("./features/auth/LoginPage"), "LoginPage");
const ResetPasswordPage = lazyRouteComponent(
  () => import("./features/auth/ResetPasswordPage"),
  "ResetPasswordPage",
);
const SignupPage = lazyRouteComponent(() => import("./features/auth/SignupPage"), "SignupPage");
const ChatListPage = lazyRouteComponent(() => import("./features/chat/ChatListPage"), "ChatListPage");
const ChatPage = lazyRouteComponent(() => import("./features/chat/ChatPage"), "ChatPage");
const FindPage = lazyRouteComponent(() => import("./features/discovery/FindPage"), "FindPage");
const ContactPage = lazyRouteComponent(() => import("./features/legal/ContactPage"), "ContactPage");
const MatchPage = lazyRouteComponent(() => import("./features/discovery/MatchPage"), "MatchPage");
const NotificationsPage = lazyRouteComponent(
  () => import("./features/notifications/NotificationsPage"),
  "NotificationsPage",
);
const ActiveNotificationsPage = lazyRouteComponent(
  () => import("./features/notifications/ActiveNotificationsPage"),
  "ActiveNotificationsPage",
);
const OwnProfilePage = lazyRouteComponent(
  () => import("./features/profile/OwnProfilePage"),
  "OwnProfilePage",
);
// The Telegram link's card: the notifications feature's, shown on the profile beside the toggles.
const TelegramLink = lazyRouteComponent(
  () => import("./features/notifications/TelegramLink"),
  "TelegramLink",
);
const AngelProfilePage = lazyRouteComponent(
  () => import("./features/discovery/AngelProfilePage"),
  "AngelProfilePage",
);
const CardUpdatePage = lazyRouteComponent(
  () => import("./features/payments/CardUpdatePage"),
  "CardUpdatePage",
);
const OkPage = lazyRouteComponent(() => import("./features/payments/OkPage"), "OkPage");
const PayPage = lazyRouteComponent(() => import("./features/payments/PayPage"), "PayPage");
const UnsubscribePage = lazyRouteComponent(
  () => import("./features/payments/UnsubscribePage"),
  "UnsubscribePage",
);
/** The plans of a kind; another kind shows the credits' plans. */
const PlansPage = lazyRouteComponent(async () => {
  const [{ PlansPage: Page }, { isPlanPageType }] = await Promise.all([
    import("./features/payments/PlansPage"),
    import("./features/payments/payments-queries"),
  ]);
  return {
    default: ({ rateplan }: { rateplan: string }) => (
      <Page key={rateplan} type={isPlanPageType(rateplan) ? rateplan : "cred"} />
    ),
  };
});
/** A payment provider's return page; another first segment is any other path. */
const PaymentCheckPage = lazyRouteComponent(async () => {
  const { PaymentCheckPage: Page, returnPages } = await import("./features/payments/PaymentCheckPage");
  return {
    default: ({ name, search }: { name: string; search: Record<string, string> }) =>
      Object.hasOwn(returnPages, name) ? (
        <RequireMember>
          <Page page={name as keyof typeof returnPages} search={search} />
        </RequireMember>
      ) : (
        <Fallback />
      ),
  };
});
/** The spec's five legal pages; another key is any other path (home, or /find for a member). */
const LegalPage = lazyRouteComponent(async () => {
  const [{ LegalPage: Page }, { LegalPage: LegalPageKey }] = await Promise.all([
    import("./features/legal/LegalPage"),
    import("../worker/contracts/legal"),
  ]);
  return {
    default: ({ brand, page }: { brand: PublicBrand; page: string }) => {
      const parsed = LegalPageKey.safeParse(page);
      return parsed.success ? <Page key={parsed.data} brand={brand} page={parsed.data} /> : <Fallback />;
    },
  };
});

type Preloadable = { preload?: () => Promise<void> | undefined };
/** A route component that renders lazy pages, with the preload the router calls when the route matches. */
const preloading = <C extends () => ReactNode>(component: C, ...pages: Preloadable[]) =>
  Object.assign(component, {
    preload: async () => {
      await Promise.all(pages.map((page) => page.preload?.()));
    },
  });

/** The spec: any other path goes home, or to /find for a member. */
function Fallback() {
  const { state } = useSession();
  const home = useMemberHome();
  const [from] = useState(() => window.location.pathname);
  return <Redirect from={from} to={state.status === "member" ? home : "/"} />;
}

/**
 * Goes to `to` from the page at `from`, unless the address has moved on meanwhile. With pages in chunks, the
 * page holding a redirect can stay on screen (and render again) while the target's chunk loads; TanStack's
 * <Navigate> then navigates again and takes back a link the member tapped in between.
 */
function Redirect({
  from,
  to,
  search,
  replace = true,
}: {
  from: string;
  to: "/" | "/find" | "/match" | "/purchase/pay";
  search?: { plan?: string };
  replace?: boolean;
}) {
  const router = useRouter();
  const plan = search?.plan;
  useLayoutEffect(() => {
    if (router.latestLocation.pathname !== from) return;
    void router.navigate({ to, search: plan === undefined ? undefined : { plan }, replace });
  }, [router, from, to, plan, replace]);
  return null;
}

/**
 * A visitor's page (home, login, sign-up): a member goes to their own home (/find or /match) from here,
 * before the page renders. The pages' own redirect for members is a <Navigate>, which would fire again on
 * every render while the member's home loads, and take back a link tapped meanwhile.
 */
function VisitorPage({ path, children }: { path: string; children: ReactNode }) {
  const { state } = useSession();
  const home = useMemberHome();
  return state.status === "member" ? <Redirect from={path} to={home} replace={false} /> : children;
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
// Whoever has a stored session is most likely a member (verified while the chunk loads).
const findRoutePage = (): Preloadable => (store.get("token") ? FindPage : AutoSignupPage);

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
  const page = <P extends string>(path: P, component: () => ReactNode, ...pages: Preloadable[]) =>
    createRoute({ getParentRoute: () => root, path, component: preloading(component, ...pages) });
  const member = <P extends string>(path: P, component: () => ReactNode, ...pages: Preloadable[]) =>
    page(path, () => <RequireMember>{component()}</RequireMember>, ...pages);
  const visitor = <P extends string>(path: P, component: () => ReactNode, ...pages: Preloadable[]) =>
    page(path, () => <VisitorPage path={path}>{component()}</VisitorPage>, ...pages);
  const chat = createRoute({
    getParentRoute: () => root,
    path: "/chats/$angelId",
    component: preloading(function Chat() {
      const { angelId } = chat.useParams();
      return (
        <RequireMember>
          <ChatPage key={angelId} angelId={Number(angelId)} />
        </RequireMember>
      );
    }, ChatPage),
  });
  const angelProfile = createRoute({
    getParentRoute: () => root,
    path: "/user/$angelId",
    component: preloading(function AngelProfile() {
      const { angelId } = angelProfile.useParams();
      return (
        <RequireMember>
          <AngelProfilePage key={angelId} angelId={Number(angelId)} />
        </RequireMember>
      );
    }, AngelProfilePage),
  });
  const legal = createRoute({
    getParentRoute: () => root,
    path: "/legal/$page",
    component: preloading(function Legal() {
      return <LegalPage brand={brand} page={legal.useParams().page} />;
    }, LegalPage),
  });
  const plans = createRoute({
    getParentRoute: () => root,
    path: "/vip_plan/$rateplan",
    component: preloading(function Plans() {
      return (
        <RequireMember>
          <PlansPage rateplan={plans.useParams().rateplan} />
        </RequireMember>
      );
    }, PlansPage),
  });
  const pay = createRoute({
    getParentRoute: () => root,
    path: "/purchase/pay",
    component: preloading(function Pay() {
      const search = pay.useSearch() as Record<string, string>;
      return (
        <RequireMember>
          <PayPage brand={brand} productId={search.plan} retry={search.retry} />
        </RequireMember>
      );
    }, PayPage),
  });
  /** The spec's other payment page addresses lead to the one payment page (or the plans, without a plan). */
  const toPay = (path: "/purchase" | "/purchase/choose" | "/paymentPage") =>
    page(path, function ToPay() {
      const search = useRouterState({ select: (s) => s.location.search }) as Record<string, string>;
      return <Redirect from={path} to="/purchase/pay" search={{ plan: search.plan }} />;
    });
  /** The providers' return pages (/adyen/paymentCheck, /mollie/paymentCheck, …). */
  const paymentCheck = createRoute({
    getParentRoute: () => root,
    path: "/$provider/paymentCheck",
    component: preloading(function Check() {
      const { provider } = paymentCheck.useParams();
      const search = useRouterState({ select: (s) => s.location.search }) as Record<string, string>;
      return <PaymentCheckPage name={provider} search={search} />;
    }, PaymentCheckPage),
  });
  const routes = [
    visitor("/", () => <HomePage brand={brand} />, HomePage),
    visitor("/signup", () => <SignupPage brand={brand} variant="signup" />, SignupPage),
    visitor("/ms", () => <SignupPage brand={brand} variant="ms" />, SignupPage),
    visitor("/asignup", () => <AutoSignupPage brand={brand} kind="asignup" />, AutoSignupPage),
    page("/external_email", () => <AutoSignupPage brand={brand} kind="external_email" />, AutoSignupPage),
    page("/loginWithGoogle", () => <GoogleCallbackPage brand={brand} />, GoogleCallbackPage),
    createRoute({
      getParentRoute: () => root,
      path: "/find",
      component: Object.assign(() => <FindRoute brand={brand} />, {
        preload: async () => {
          await findRoutePage().preload?.();
        },
      }),
    }),
    visitor("/login", () => <LoginPage brand={brand} />, LoginPage),
    page("/forgotPassword", () => <ForgotPasswordPage brand={brand} />, ForgotPasswordPage),
    page("/resetPassword", () => <ResetPasswordPage />, ResetPasswordPage),
    page("/confirmEmail", () => <ConfirmEmailPage />, ConfirmEmailPage),
    page("/contactUs", () => <ContactPage brand={brand} />, ContactPage),
    legal,
    page("/autologin", () => <AutoLoginPage channel="email" />, AutoLoginPage),
    page("/autologin_telegram", () => <AutoLoginPage channel="telegram" />, AutoLoginPage),
    member("/unsubscribe", () => <UnsubscribePage />, UnsubscribePage),
    member("/profile", () => <OwnProfilePage telegram={<TelegramLink />} />, OwnProfilePage, TelegramLink),
    member("/match", () => <MatchPage />, MatchPage),
    member("/chats", () => <ChatListPage brand={brand} />, ChatListPage),
    member("/notifications", () => <NotificationsPage />, NotificationsPage),
    member("/activeNotifications", () => <ActiveNotificationsPage />, ActiveNotificationsPage),
    chat,
    angelProfile,
    plans,
    pay,
    member("/purchase/card", () => <CardUpdatePage brand={brand} />, CardUpdatePage),
    toPay("/purchase"),
    toPay("/purchase/choose"),
    toPay("/paymentPage"),
    paymentCheck,
    page("/ok", () => <OkPage ok />, OkPage),
    page("/ok/", () => <OkPage ok />, OkPage),
    page("/ko", () => <OkPage ok={false} />, OkPage),
    opsRoutes(root),
  ] as const;
  return createRouter({
    routeTree: root.addChildren([...routes]),
    parseSearch,
    stringifySearch,
    defaultErrorComponent: RouteError,
  });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}

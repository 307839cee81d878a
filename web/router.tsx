import { createRootRoute, createRoute, createRouter, Navigate } from "@tanstack/react-router";
import type { PublicBrand } from "../worker/contracts/brand";
import { Layout } from "./components/Layout";
import { SignupPage } from "./features/auth/SignupPage";
import { ChatPage } from "./features/chat/ChatPage";
import { FindPage } from "./features/discovery/FindPage";
import { HomePage } from "./features/home/HomePage";
import { useSession } from "./features/session/session";

/** The spec: any other path goes home, or to /find for a member. */
function Fallback() {
  const { state } = useSession();
  return <Navigate to={state.status === "member" ? "/find" : "/"} replace />;
}

export function createAppRouter(brand: PublicBrand) {
  const root = createRootRoute({ component: () => <Layout brand={brand} />, notFoundComponent: Fallback });
  const routes = [
    createRoute({ getParentRoute: () => root, path: "/", component: () => <HomePage brand={brand} /> }),
    createRoute({
      getParentRoute: () => root,
      path: "/signup",
      component: () => <SignupPage brand={brand} />,
    }),
    createRoute({ getParentRoute: () => root, path: "/find", component: FindPage }),
    createRoute({
      getParentRoute: () => root,
      path: "/chats/$angelId",
      component: function Chat() {
        const { angelId } = chat.useParams();
        return <ChatPage key={angelId} angelId={Number(angelId)} />;
      },
    }),
  ] as const;
  const chat = routes[3];
  return createRouter({ routeTree: root.addChildren([...routes]) });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}

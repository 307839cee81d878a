import { type AnyRoute, createRoute, lazyRouteComponent } from "@tanstack/react-router";

/** Whether a path belongs to the console, which has its own layout instead of the member one. */
export const isOpsPath = (pathname: string) => pathname === "/ops" || pathname.startsWith("/ops/");

// The console's code is one chunk (ops-screens.tsx) that only /ops fetches; this file, which the site's
// router imports, holds nothing but the route tree.
const screens = () => import("./ops-screens");
const OpsShell = lazyRouteComponent(screens, "OpsShell");
const OpsQueue = lazyRouteComponent(screens, "OpsQueue");
const OpsLogin = lazyRouteComponent(screens, "OpsLoginPage");
const OpsConversation = lazyRouteComponent(screens, "OpsConversation");
const OpsAudit = lazyRouteComponent(screens, "OpsAudit");
const OpsMembers = lazyRouteComponent(screens, "OpsMembers");
const OpsMoney = lazyRouteComponent(screens, "OpsMoney");
const OpsRights = lazyRouteComponent(screens, "OpsRights");
const OpsPostbacks = lazyRouteComponent(screens, "OpsPostbacks");
const OpsClientErrors = lazyRouteComponent(screens, "OpsClientErrors");
// The dashboard has a chunk of its own: the chart library is fetched only there.
const OpsDashboard = lazyRouteComponent(() => import("./dashboard/OpsDashboardPage"), "OpsDashboard");

/**
 * The console's route tree under /ops: login, queue, conversation, audit, and the members' money (search for
 * supervisors; a member's payments and credits for every operator who reaches it), in the console's layout.
 */
export function opsRoutes<R extends AnyRoute>(root: R) {
  const ops = createRoute({ getParentRoute: () => root, path: "/ops", component: OpsShell });
  const queue = createRoute({ getParentRoute: () => ops, path: "/", component: OpsQueue });
  const login = createRoute({ getParentRoute: () => ops, path: "/login", component: OpsLogin });
  const conversation = createRoute({
    getParentRoute: () => ops,
    path: "/c/$clickid/$angelId",
    component: Object.assign(
      function Conversation() {
        // The tree is built for any root, so the router cannot narrow this route's params by itself.
        const params = conversation.useParams() as { clickid: string; angelId: string };
        return <OpsConversation {...params} />;
      },
      {
        preload: async () => {
          await OpsConversation.preload?.();
        },
      },
    ),
  });
  const audit = createRoute({ getParentRoute: () => ops, path: "/audit", component: OpsAudit });
  const members = createRoute({ getParentRoute: () => ops, path: "/members", component: OpsMembers });
  const money = createRoute({
    getParentRoute: () => ops,
    path: "/members/$clickid",
    component: Object.assign(
      function Money() {
        const { clickid } = money.useParams() as { clickid: string };
        return <OpsMoney clickid={clickid} />;
      },
      {
        preload: async () => {
          await OpsMoney.preload?.();
        },
      },
    ),
  });
  const rights = createRoute({ getParentRoute: () => ops, path: "/rights", component: OpsRights });
  const postbacks = createRoute({ getParentRoute: () => ops, path: "/postbacks", component: OpsPostbacks });
  const clientErrors = createRoute({
    getParentRoute: () => ops,
    path: "/client-errors",
    component: OpsClientErrors,
  });
  const dashboard = createRoute({ getParentRoute: () => ops, path: "/dashboard", component: OpsDashboard });
  return ops.addChildren([
    queue,
    login,
    conversation,
    audit,
    members,
    money,
    rights,
    postbacks,
    clientErrors,
    dashboard,
  ]);
}

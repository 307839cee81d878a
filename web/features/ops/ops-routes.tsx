import { type AnyRoute, createRoute } from "@tanstack/react-router";
import { OpsAuditPage } from "./OpsAuditPage";
import { OpsConversationPage } from "./OpsConversationPage";
import { OpsLayout } from "./OpsLayout";
import { OpsLoginPage } from "./OpsLoginPage";
import { OpsMembersPage } from "./OpsMembersPage";
import { OpsMoneyPage } from "./OpsMoneyPage";
import { OpsQueuePage } from "./OpsQueuePage";
import { OpsSessionProvider, RequireOperator } from "./ops-session";

/** Whether a path belongs to the console, which has its own layout instead of the member one. */
export const isOpsPath = (pathname: string) => pathname === "/ops" || pathname.startsWith("/ops/");

/**
 * The console's route tree under /ops: login, queue, conversation, audit, and the members' money (search for
 * supervisors; a member's payments and credits for every operator who reaches it), in the console's layout.
 */
export function opsRoutes<R extends AnyRoute>(root: R) {
  const ops = createRoute({
    getParentRoute: () => root,
    path: "/ops",
    component: () => (
      <OpsSessionProvider>
        <OpsLayout />
      </OpsSessionProvider>
    ),
  });
  const queue = createRoute({
    getParentRoute: () => ops,
    path: "/",
    component: () => <RequireOperator>{(operator) => <OpsQueuePage operator={operator} />}</RequireOperator>,
  });
  const login = createRoute({ getParentRoute: () => ops, path: "/login", component: OpsLoginPage });
  const conversation = createRoute({
    getParentRoute: () => ops,
    path: "/c/$clickid/$angelId",
    component: function Conversation() {
      // The tree is built for any root, so the router cannot narrow this route's params by itself.
      const { clickid, angelId } = conversation.useParams() as { clickid: string; angelId: string };
      return (
        <RequireOperator>
          {(operator) => (
            <OpsConversationPage
              key={`${clickid}/${angelId}`}
              operator={operator}
              clickid={clickid}
              angelId={Number(angelId)}
            />
          )}
        </RequireOperator>
      );
    },
  });
  const audit = createRoute({
    getParentRoute: () => ops,
    path: "/audit",
    component: () => (
      <RequireOperator>
        {(operator) =>
          operator.role === "operator" ? <OpsQueuePage operator={operator} /> : <OpsAuditPage />
        }
      </RequireOperator>
    ),
  });
  const members = createRoute({
    getParentRoute: () => ops,
    path: "/members",
    component: () => (
      <RequireOperator>
        {(operator) =>
          operator.role === "operator" ? <OpsQueuePage operator={operator} /> : <OpsMembersPage />
        }
      </RequireOperator>
    ),
  });
  const money = createRoute({
    getParentRoute: () => ops,
    path: "/members/$clickid",
    component: function Money() {
      const { clickid } = money.useParams() as { clickid: string };
      return (
        <RequireOperator>
          {(operator) => <OpsMoneyPage key={clickid} operator={operator} clickid={clickid} />}
        </RequireOperator>
      );
    },
  });
  return ops.addChildren([queue, login, conversation, audit, members, money]);
}

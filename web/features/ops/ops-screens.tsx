// The console's screens as the routes of ops-routes.tsx render them: one chunk, fetched only under /ops, so
// a member's pages never carry the console.
import { OpsAuditPage } from "./OpsAuditPage";
import { OpsConversationPage } from "./OpsConversationPage";
import { OpsLayout } from "./OpsLayout";
import { OpsMembersPage } from "./OpsMembersPage";
import { OpsMoneyPage } from "./OpsMoneyPage";
import { OpsQueuePage } from "./OpsQueuePage";
import { OpsRightsPage } from "./OpsRightsPage";
import { OpsClientErrorsPage, OpsPostbacksPage } from "./OpsTrackingPages";
import { OpsSessionProvider, RequireOperator } from "./ops-session";

export { OpsLoginPage } from "./OpsLoginPage";

export const OpsShell = () => (
  <OpsSessionProvider>
    <OpsLayout />
  </OpsSessionProvider>
);

export const OpsQueue = () => (
  <RequireOperator>{(operator) => <OpsQueuePage operator={operator} />}</RequireOperator>
);

export const OpsConversation = ({ clickid, angelId }: { clickid: string; angelId: string }) => (
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

/** Supervisors' and admins' pages: an operator who reaches one gets the queue. */
export const OpsAudit = () => (
  <RequireOperator>
    {(operator) => (operator.role === "operator" ? <OpsQueuePage operator={operator} /> : <OpsAuditPage />)}
  </RequireOperator>
);

export const OpsMembers = () => (
  <RequireOperator>
    {(operator) => (operator.role === "operator" ? <OpsQueuePage operator={operator} /> : <OpsMembersPage />)}
  </RequireOperator>
);

export const OpsMoney = ({ clickid }: { clickid: string }) => (
  <RequireOperator>
    {(operator) => <OpsMoneyPage key={clickid} operator={operator} clickid={clickid} />}
  </RequireOperator>
);

export const OpsRights = () => <RequireOperator>{() => <OpsRightsPage />}</RequireOperator>;

/** Every operator sees the postbacks and the browsers' errors of the brands they cover. */
export const OpsPostbacks = () => <RequireOperator>{() => <OpsPostbacksPage />}</RequireOperator>;
export const OpsClientErrors = () => <RequireOperator>{() => <OpsClientErrorsPage />}</RequireOperator>;

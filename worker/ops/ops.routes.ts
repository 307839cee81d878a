import { featureApp } from "../core/openapi";
import { attributionRoutes } from "./attribution.routes";
import { consoleRoutes } from "./console.routes";
import { dashboardRoutes } from "./dashboard.routes";
import { memberNotificationRoutes } from "./member-notifications.routes";
import { moneyRoutes } from "./money.routes";
import { operatorSessionRoutes } from "./operator-session.routes";
import { rightsRoutes } from "./rights.routes";

/** The operator console's API: one sub-app, so the app's type keeps every route of its parts. */
export const opsRoutes = featureApp()
  .route("/", operatorSessionRoutes)
  .route("/", consoleRoutes)
  .route("/", moneyRoutes)
  .route("/", memberNotificationRoutes)
  .route("/", rightsRoutes)
  .route("/", attributionRoutes)
  .route("/", dashboardRoutes);

/** Unknown console API paths answer JSON, not the SPA. */
opsRoutes.all("/ops/api/*", (c) =>
  c.json({ error: { code: "not_found", message: "No such API route." } }, 404),
);

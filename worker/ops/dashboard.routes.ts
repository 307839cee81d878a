// The console dashboard (supervisors and admins): the figures of the brands the operator covers, as JSON for
// the plots and as CSV per figure.
import { createRoute } from "@hono/zod-openapi";
import { Dashboard, DashboardCsvQuery, DashboardQuery } from "../contracts/dashboard";
import { bearerSecurity, errorResponse, featureApp, json } from "../core/openapi";
import { dashboardFilter, readDashboard, readFunnelBreakdown } from "./dashboard.service";
import { figureCsv } from "./dashboard-csv";
import { coveredBrands, requireOperator, requireSupervisor } from "./operator-auth";

const figures = createRoute({
  method: "get",
  path: "/ops/api/dashboard",
  tags: ["ops"],
  summary: "The dashboard's figures from the rollups, by brand, flow, source and day (supervisor, admin)",
  description:
    "Funnel steps per day; money per day, provider and currency (integer cents, one row per currency); paying members and ARPPU; renewals and retries; sign-up cohorts by week. Only the brands the operator covers; a brand outside them is forbidden. The range is at most 366 days (default: the last 30); a range over 92 days is given per week (`step`).",
  security: bearerSecurity,
  middleware: [requireOperator, requireSupervisor] as const,
  request: { query: DashboardQuery },
  responses: {
    200: { description: "The figures", ...json(Dashboard) },
    400: errorResponse("invalid_input: from, to, flux, source"),
    401: errorResponse("No operator token, or it has ended"),
    403: errorResponse("forbidden: an operator, or a brand the supervisor does not cover"),
  },
});

const csv = createRoute({
  method: "get",
  path: "/ops/api/dashboard/csv",
  tags: ["ops"],
  summary: "One figure of the dashboard as CSV, with the same filters (supervisor, admin)",
  security: bearerSecurity,
  middleware: [requireOperator, requireSupervisor] as const,
  request: { query: DashboardCsvQuery },
  responses: {
    200: {
      description: "The figure's table",
      content: { "text/csv": { schema: { type: "string" as const } } },
    },
    400: errorResponse("invalid_input: figure, from, to, flux, source"),
    401: errorResponse("No operator token, or it has ended"),
    403: errorResponse("forbidden"),
  },
});

export const dashboardRoutes = featureApp()
  .openapi(figures, async (c) => {
    const filter = dashboardFilter(c.req.valid("query"), coveredBrands(c.var.operator));
    c.header("cache-control", "private, no-store");
    return c.json(await readDashboard(c.var.db, filter), 200);
  })
  .openapi(csv, async (c) => {
    const { figure, ...query } = c.req.valid("query");
    const filter = dashboardFilter(query, coveredBrands(c.var.operator));
    const funnel = figure === "funnel" ? await readFunnelBreakdown(c.var.db, filter) : [];
    // A download keeps every day, whatever step the plots of a long range use.
    const daily = { ...filter, step: "day" as const };
    const body = figureCsv(await readDashboard(c.var.db, daily), figure, funnel);
    return c.body(body, 200, {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${figure}-${filter.from}-${filter.to}.csv"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    });
  });

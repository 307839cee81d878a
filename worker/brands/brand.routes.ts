import { createRoute } from "@hono/zod-openapi";
import { PublicBrand } from "../contracts/brand";
import { featureApp } from "../core/openapi";

const publicBrand = createRoute({
  method: "get",
  path: "/api/brand",
  tags: ["brands"],
  summary: "The public config of the brand chosen by the host name",
  responses: { 200: { description: "brand", content: { "application/json": { schema: PublicBrand } } } },
});

export const brandRoutes = featureApp().openapi(publicBrand, (c) => c.json(c.var.brand.public, 200));

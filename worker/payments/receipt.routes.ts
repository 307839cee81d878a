// GET api/legal/get_receipt/{chargeId}: the member's receipt of one of their payments, as a PDF download named
// ricevuta_{chargeId}.pdf on an Italian brand (spec/accounts-community.md section 7) and with the word of the
// brand's language elsewhere (receipt_, recibo_, recu_). Someone else's payment, a failed or pending one and
// an unknown id all answer the same 404.
import { createRoute, z } from "@hono/zod-openapi";
import { BigIdParam } from "../contracts/bounds";
import { receiptFileName } from "../contracts/payments";
import { AppError } from "../core/errors";
import { requireSession } from "../core/middleware";
import { bearerSecurity, errorResponse, featureApp } from "../core/openapi";
import { receiptOf, renderReceipt } from "./receipt";

const noReceipt = () => new AppError(404, "not_found", "No such payment.", { field: "chargeId" });

const receipt = createRoute({
  method: "get",
  path: "/api/legal/get_receipt/{chargeId}",
  tags: ["payments"],
  summary:
    "The receipt of one of the member's payments (succeeded or refunded): ricevuta_{chargeId}.pdf (receipt_, recibo_, recu_ in English, Spanish, French)",
  security: bearerSecurity,
  middleware: [requireSession] as const,
  request: { params: z.object({ chargeId: BigIdParam }) },
  responses: {
    200: {
      description: "The receipt, as an attachment",
      content: { "application/pdf": { schema: z.string().openapi({ format: "binary" }) } },
    },
    400: errorResponse("invalid_input: chargeId is not a payment id"),
    401: errorResponse("No valid session"),
    404: errorResponse("not_found: no succeeded or refunded payment of this member with that id"),
  },
});

export const receiptRoutes = featureApp().openapi(receipt, async (c) => {
  const { chargeId } = c.req.valid("param");
  const data = await receiptOf(c.var.db, c.var.session.accountId, chargeId);
  if (!data) throw noReceipt();
  // The session is on the member's own brand (requireSession checks it): its company and language.
  const pdf = await renderReceipt(c.var.brand, data);
  return c.body(pdf.slice().buffer as ArrayBuffer, 200, {
    "content-type": "application/pdf",
    "content-disposition": `attachment; filename="${receiptFileName(chargeId, c.var.brand.public.language)}"`,
    "cache-control": "private, no-store",
  });
});

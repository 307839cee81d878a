import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { SessionProvider } from "./features/session/session";
import { I18nProvider } from "./i18n/i18n";
import { readBrand } from "./lib/brand";
import { startTracking } from "./lib/tracking";
import { createAppRouter } from "./router";
import "./styles.css";

const brand = readBrand();
// Before the router renders (it may rewrite the address): the flux id depends on the landing URL.
startTracking(brand);
const router = createAppRouter(brand);
const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

createRoot(root).render(
  <StrictMode>
    <I18nProvider locale={brand.language}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </I18nProvider>
  </StrictMode>,
);

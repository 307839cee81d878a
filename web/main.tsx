import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { SessionProvider } from "./features/session/session";
import { I18nProvider } from "./i18n/i18n";
import { readBrand } from "./lib/brand";
import { createAppRouter } from "./router";
import "./styles.css";

const brand = readBrand();
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

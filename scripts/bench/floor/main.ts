// The floor of `npm run bench:web`: the least a React 19 + TanStack Router page can ship, built by the same
// Vite as the site. Two routes, one heading and a link each; no JSX so it builds without the app's config.
import {
  createRootRoute,
  createRoute,
  createRouter,
  Link,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router";
import { createElement as h, StrictMode } from "react";
import { createRoot } from "react-dom/client";

const root = createRootRoute({ component: () => h("main", null, h(Outlet)) });
const page = (path: string, title: string, to: string) =>
  createRoute({
    getParentRoute: () => root,
    path,
    component: () => h("div", null, h("h1", null, title), h(Link, { to }, "Next")),
  });
const router = createRouter({
  routeTree: root.addChildren([page("/", "Home", "/about"), page("/about", "About", "/")]),
});

const element = document.getElementById("root");
if (element) createRoot(element).render(h(StrictMode, null, h(RouterProvider, { router })));

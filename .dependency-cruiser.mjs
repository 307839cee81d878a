// The architecture's boundaries (../shared/CONVENTIONS.md "Layout"), checked by `npm run check`
// (tests/unit/boundaries.test.ts shows each rule refusing a new violation).
/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Modules form no loop (type-only imports aside: they vanish at run time).",
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
    {
      name: "web-only-contracts",
      severity: "error",
      comment: "The browser imports only the wire contracts from the Worker (and the app's type, below).",
      from: { path: "^web/" },
      to: {
        path: "^(worker|party|drizzle|scripts|tests)/",
        pathNot: ["^worker/contracts/", "^worker/app\\.ts$"],
      },
    },
    {
      name: "web-app-type-only",
      severity: "error",
      comment: "The typed client takes the Worker app's type, never its code.",
      from: { path: "^web/" },
      to: { path: "^worker/app\\.ts$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "web-feature-isolation",
      severity: "error",
      comment: "A web feature never imports another feature: shared parts live in components/ or lib/.",
      from: { path: "^web/features/([^/]+)/" },
      to: { path: "^web/features/", pathNot: "^web/features/$1/" },
    },
    {
      name: "web-shared-not-features",
      severity: "error",
      comment: "components/ and lib/ serve every feature, so they import none (nor the app shell).",
      from: { path: "^web/(components|lib|i18n)/" },
      to: { path: "^web/(features|app)/" },
    },
    {
      name: "party-only-contracts-and-handlers",
      severity: "error",
      comment: "The room holds sockets: it reaches the features only through the one registry of handlers.",
      from: { path: "^party/" },
      to: {
        path: "^(worker|drizzle|web)/",
        pathNot: ["^worker/contracts/", "^worker/realtime/handlers\\.ts$"],
      },
    },
    {
      name: "worker-not-party",
      severity: "error",
      comment: "Only the Worker's entry re-exports the Durable Object classes of party/.",
      from: { path: "^worker/", pathNot: "^worker/index\\.ts$" },
      to: { path: "^party/" },
    },
    {
      name: "worker-feature-internals",
      severity: "error",
      comment:
        "A Worker feature reaches another only through its service (*.service.ts), the brand registry, or the " +
        "room's interface; the contracts, core and the config are shared by all.",
      from: { path: "^worker/([^/]+)/", pathNot: "^worker/realtime/handlers\\.ts$" },
      to: {
        path: "^worker/[^/]+/",
        pathNot: [
          "^worker/$1/",
          "^worker/(contracts|core)/",
          "\\.service\\.ts$",
          // resolve.ts: a brand with its company for code that has no request (the renewal job's mails).
          "^worker/brands/(brand|registry|resolve)\\.ts$",
          "^worker/realtime/(room|member-room)\\.ts$",
        ],
      },
    },
    {
      name: "routes-no-queries",
      severity: "error",
      comment:
        "A route file parses the request, calls its feature's services and answers: every query lives in a " +
        "service, so a route imports neither Drizzle, the tables nor the database module.",
      from: { path: "^worker/.+\\.routes\\.ts$" },
      to: {
        path: [
          "(^|/node_modules/|^node_modules/)drizzle-orm(/|$)",
          "^drizzle/schema/",
          "^worker/core/db\\.ts$",
        ],
      },
    },
    {
      name: "seed-not-worker-internals",
      severity: "error",
      comment: "Demo data and tooling use the Worker's contracts, not its internals.",
      from: { path: "^drizzle/(?!schema/)" },
      to: { path: "^worker/", pathNot: "^worker/contracts/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|dist|migrations)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs"] },
  },
};

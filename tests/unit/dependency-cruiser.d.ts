// The boundaries' configuration (.dependency-cruiser.mjs), as the boundaries test imports it.
declare module "*.dependency-cruiser.mjs" {
  const config: import("dependency-cruiser").IConfiguration & {
    forbidden: NonNullable<import("dependency-cruiser").IConfiguration["forbidden"]>;
  };
  export default config;
}

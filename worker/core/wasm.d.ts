// `*.wasm?module` imports are precompiled by the bundler/runtime (wrangler, the Cloudflare Vite plugin, the
// Workers Vitest pool), because workerd may not compile Wasm from bytes at run time.
declare module "*.wasm?module" {
  const module: WebAssembly.Module;
  export default module;
}

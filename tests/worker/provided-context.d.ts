// What tests/worker/vitest.config.ts provides to the tests (vitest's inject).
import "vitest";
import type { UploadImageName } from "../fixtures/image-bytes";

declare module "vitest" {
  export interface ProvidedContext {
    /** A demo portrait as the seed stores it: the pack's bytes in base64 and its index. */
    portraitPack: { base64: string; index: string };
    /** Photos as members' devices make them (tests/fixtures/upload-images.ts), in base64. */
    uploadImages: Record<UploadImageName, string>;
  }
}

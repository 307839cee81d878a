import { queryOptions, skipToken } from "@tanstack/react-query";
import type { DispenserRequest } from "../../../worker/contracts/discovery";
import { api, okJson } from "../../lib/api";
import { bootFind } from "../../lib/first-screen";
import { dispenserSeed } from "../../lib/storage";

/** A find page's request to the dispenser; the seed is read when the request goes out. */
export type FindRequest = Omit<DispenserRequest, "seed" | "vertical" | "remarketing_clickid">;

/**
 * POST /dispenser: one page of the find grid. Asked whenever the place, the page or the member's search
 * changes, and again on every opening of the page (nothing is kept: the seed may have changed meanwhile);
 * nothing is asked without a request (no member yet).
 */
export const dispenserQuery = (request: FindRequest | null) =>
  queryOptions({
    queryKey: ["dispenser", request],
    queryFn: request
      ? async () => {
          const json = { ...request, seed: dispenserSeed() };
          // The page's first answer may have come with the HTML's bootstrap, asked while the app loaded.
          return (await bootFind(json)) ?? okJson(await api.dispenser.$post({ json }));
        }
      : skipToken,
    staleTime: 0,
    gcTime: 0,
  });

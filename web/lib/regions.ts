import { queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import type { PublicBrand } from "../../worker/contracts/brand";
import { api, okJson } from "./api";
import { bootRegions } from "./first-screen";

export interface Region {
  code: string;
  name: string;
}

/** GET /api/get/regions/{country}: a country's regions (they do not change: asked once per page). */
export const regionsQuery = (country: PublicBrand["country"]) =>
  queryOptions({
    queryKey: ["regions", country],
    queryFn: async (): Promise<Region[]> =>
      // A member's first screen has them from the HTML's bootstrap.
      (await bootRegions(country)) ??
      okJson(await api.api.get.regions[":country"].$get({ param: { country } })),
    staleTime: Number.POSITIVE_INFINITY,
  });

const noRegions: Region[] = [];

/** A country's regions (sign-up, landers, the set-region popup); a failure is logged and reported. */
export function useRegions(country: PublicBrand["country"]) {
  const regions = useQuery(regionsQuery(country));
  useEffect(() => {
    if (regions.error) console.warn("regions could not be loaded", regions.error);
  }, [regions.error]);
  return {
    regions: regions.data ?? noRegions,
    failed: regions.isError,
    /** Known, or failed: a name to show is there or will not come. */
    settled: regions.data !== undefined || regions.isError,
  };
}

import { useEffect, useState } from "react";
import type { PublicBrand } from "../../worker/contracts/brand";
import { api } from "./api";

export interface Region {
  code: string;
  name: string;
}

/** A country's regions (sign-up, landers, the set-region popup); a failure is logged and reported. */
export function useRegions(country: PublicBrand["country"]) {
  const [regions, setRegions] = useState<Region[]>([]);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    api.api.get.regions[":country"]
      .$get({ param: { country } })
      .then((r) => r.json())
      .then(setRegions)
      .catch((error: unknown) => {
        console.warn("regions could not be loaded", error);
        setFailed(true);
      });
  }, [country]);
  return { regions, failed };
}

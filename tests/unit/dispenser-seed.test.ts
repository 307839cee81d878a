import { describe, expect, it } from "vitest";
import { seedNumber } from "../../worker/discovery/dispenser.service";

describe("the dispenser seed", () => {
  it("maps a seed to the same 31-bit number every time, and different seeds apart", () => {
    expect(seedNumber("abc")).toBe(seedNumber("abc"));
    expect(seedNumber("abc")).not.toBe(seedNumber("abd"));
    for (const seed of ["", "0", "123456789", 42]) {
      const n = seedNumber(seed);
      expect(Number.isInteger(n) && n >= 0 && n < 2 ** 31).toBe(true);
    }
  });
});

import { describe, expect, it } from "vitest";
import { withVisits } from "../../web/lib/visited";

describe("profiliVisitati", () => {
  it("keeps a visit this page recorded when an older navigation state arrives after it", () => {
    // The visit's answer had 12,31; the navigation state, read just before the visit, has only 12.
    expect(withVisits("12", [31])).toBe("12,31");
    expect(withVisits("12,31", [31])).toBe("12,31");
  });

  it("adds nothing to the server's list when this page recorded no visit", () => {
    expect(withVisits("12,31", [])).toBe("12,31");
    expect(withVisits("", [])).toBe("");
    expect(withVisits("", [7])).toBe("7");
  });
});

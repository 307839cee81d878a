import { describe, expect, it } from "vitest";
import {
  creditBar,
  isSingleChat,
  type NavFlow,
  navSections,
  sectionTitle,
  showsBottomMenu,
  showsVipEntry,
} from "../../web/components/nav/nav-rules";

describe("bottom menu visibility", () => {
  it("shows on the member sections and the chat list", () => {
    for (const path of ["/find", "/match", "/chats", "/chats/", "/notifications", "/profile", "/user/12"])
      expect(showsBottomMenu(path), path).toBe(true);
  });
  it("hides on a single chat, purchase, vip_plan and unsubscribe pages", () => {
    for (const path of [
      "/chats/42",
      "/chats/42/",
      "/purchase",
      "/purchase/3",
      "/vip_plan",
      "/vip_plan/cred",
      "/unsubscribe",
      "/unsubscribe/",
    ])
      expect(showsBottomMenu(path), path).toBe(false);
  });
  it("does not take look-alike paths for hidden ones", () => {
    expect(showsBottomMenu("/purchases-history")).toBe(true);
    expect(showsBottomMenu("/vip_planner")).toBe(true);
    expect(isSingleChat("/chats")).toBe(false);
  });
});

describe("entries", () => {
  const flow = (overrides: Partial<NavFlow> = {}): NavFlow => ({
    compliant: false,
    invites: false,
    seeksMen: false,
    ...overrides,
  });
  const all = ["find", "match", "chats", "notifications", "profile"];

  it("has find and match on both bars for a member seeking women", () => {
    expect(navSections(flow(), "bottom")).toEqual(all);
    expect(navSections(flow(), "top")).toEqual(all);
  });
  it("omits match where flow 0000 has no match screen", () => {
    const without = ["find", "chats", "notifications", "profile"];
    expect(navSections(flow({ compliant: true }), "bottom")).toEqual(without);
    expect(navSections(flow({ compliant: true }), "top")).toEqual(without);
    // Find stays, since /match is no home there.
    expect(navSections(flow({ compliant: true, invites: true }), "bottom")).toEqual(without);
  });
  it("omits find when the flow uses invitations (/match is the home)", () => {
    expect(navSections(flow({ invites: true }), "bottom")).toEqual([
      "match",
      "chats",
      "notifications",
      "profile",
    ]);
    expect(navSections(flow({ invites: true }), "top")).toEqual([
      "match",
      "chats",
      "notifications",
      "profile",
    ]);
  });
  it("links the desktop search to find, not match, for members seeking men", () => {
    const findOnly = ["find", "chats", "notifications", "profile"];
    expect(navSections(flow({ seeksMen: true }), "top")).toEqual(findOnly);
    expect(navSections(flow({ seeksMen: true, invites: true }), "top")).toEqual(findOnly);
    expect(navSections(flow({ seeksMen: true }), "bottom")).toEqual(all);
  });
  it("titles the mobile top bar by section", () => {
    expect(sectionTitle("/chats/3")).toBe("nav_chats");
    expect(sectionTitle("/notifications")).toBe("nav_notifications");
    expect(sectionTitle("/activeNotifications")).toBe("nav_notifications");
    expect(sectionTitle("/somewhere-else")).toBe("nav_title_home");
    expect(sectionTitle("/user/3")).toBe("nav_title_user");
    expect(sectionTitle("/vip_plan/cred")).toBe("nav_title_piani");
    expect(sectionTitle("/purchase/pay")).toBe("nav_title_pagamento");
    expect(sectionTitle("/adyen/paymentCheck")).toBe("nav_title_pagamento");
  });
});

describe("the VIP entry and the credit bar", () => {
  it("shows VIP to every member but level 2", () => {
    expect([0, 1, 2].map(showsVipEntry)).toEqual([true, true, false]);
  });
  it("fills the bar from creditiMessaggi / 2 * 100 with the desktop's and the phone's thresholds", () => {
    // Desktop: above 67 full, 34-67 medium, below 34 empty (0.68 credit is 34).
    expect(creditBar(0, false)).toBe("empty");
    expect(creditBar(0.6, false)).toBe("empty");
    expect(creditBar(0.68, false)).toBe("medium");
    expect(creditBar(1.34, false)).toBe("medium");
    expect(creditBar(1.36, false)).toBe("full");
    expect(creditBar(95, false)).toBe("full");
    // Phone: above 40 full, 20-40 medium, below 20 empty.
    expect(creditBar(0.3, true)).toBe("empty");
    expect(creditBar(0.4, true)).toBe("medium");
    expect(creditBar(0.8, true)).toBe("medium");
    expect(creditBar(1, true)).toBe("full");
  });
});

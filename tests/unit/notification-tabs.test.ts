import { describe, expect, it } from "vitest";
import { openingTab, unreadByTab } from "../../web/features/notifications/notification-tabs";

const like = (read: boolean) => ({ type: "like" as const, letto: read });
const visit = (read: boolean) => ({ type: "visita" as const, letto: read });

describe("the notifications page's tabs", () => {
  it("counts the unread ones per tab", () => {
    expect(unreadByTab([like(false), like(true), visit(false), visit(false)])).toEqual({
      like: 1,
      visita: 2,
    });
    expect(unreadByTab([])).toEqual({ like: 0, visita: 0 });
  });
  it("opens on the first tab with unread notifications, else likes", () => {
    expect(openingTab([like(true), visit(false), visit(false)])).toBe("visita");
    expect(openingTab([like(false), visit(false)])).toBe("like");
    expect(openingTab([like(true), visit(true)])).toBe("like");
    expect(openingTab([])).toBe("like");
  });
});

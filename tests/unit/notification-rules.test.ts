import { describe, expect, it } from "vitest";
import {
  currentPopup,
  dismiss,
  emptyQueue,
  enqueue,
  FIRST_POLL_MS,
  HIDDEN_RELOAD_MS,
  markSeen,
  notificationDisplay,
  openChatId,
  POLL_INTERVAL_MS,
  type PopupItem,
  PREVIEW_LENGTH,
  parsePending,
  popupBlocked,
  popupFromMessage,
  popupFromNotification,
  preview,
  reloadsAfterHidden,
  replay,
} from "../../web/lib/notifications/notification-rules";
import type { Notification } from "../../worker/contracts/engagement";

const item = (key: string): PopupItem => ({
  key,
  kind: "like",
  angelId: 1,
  screenName: "Ada",
  photo: null,
  text: null,
});

const notification = (over: Partial<Notification>): Notification => ({
  id: 7,
  type: "like",
  categoriaNotifica: null,
  letto: false,
  angelId: 3,
  screenName: "Ada",
  time: new Date().toISOString(),
  msg: "like_ricevuto",
  blurred: false,
  default_photo: "/p.jpg",
  ...over,
});

describe("the spec's constants", () => {
  it("polls first after 40 s then every 10 s, reloads after 180 s hidden, previews 25 chars", () => {
    expect(FIRST_POLL_MS).toBe(40_000);
    expect(POLL_INTERVAL_MS).toBe(10_000);
    expect(HIDDEN_RELOAD_MS).toBe(180_000);
    expect(PREVIEW_LENGTH).toBe(25);
  });
});

describe("preview", () => {
  it("cuts at 25 characters and adds an ellipsis", () => {
    const text = "abcdefghijklmnopqrstuvwxyz0123";
    expect(preview(text)).toBe("abcdefghijklmnopqrstuvwxy…");
    expect(Array.from(preview(text))).toHaveLength(26);
  });
  it("keeps short texts whole, without an ellipsis", () => {
    expect(preview("Ciao!")).toBe("Ciao!");
    expect(preview("x".repeat(25))).toBe("x".repeat(25));
  });
  it("never splits an emoji", () => {
    expect(preview(`${"😀".repeat(30)}`)).toBe(`${"😀".repeat(25)}…`);
  });
});

describe("popup queue", () => {
  it("shows one popup at a time and the next after closing", () => {
    let q = enqueue(enqueue(emptyQueue, item("n:1")), item("n:2"));
    expect(currentPopup(q)?.key).toBe("n:1");
    q = dismiss(q);
    expect(currentPopup(q)?.key).toBe("n:2");
    q = dismiss(q);
    expect(currentPopup(q)).toBeNull();
  });
  it("shows a key once (socket and poll deliver the same notification)", () => {
    let q = enqueue(emptyQueue, item("n:1"));
    q = dismiss(q);
    q = enqueue(q, item("n:1"));
    expect(currentPopup(q)).toBeNull();
    expect(enqueue(enqueue(emptyQueue, item("n:1")), item("n:1")).items).toHaveLength(1);
  });
  it("never shows what was known at start", () => {
    const q = enqueue(markSeen(emptyQueue, ["n:5"]), item("n:5"));
    expect(currentPopup(q)).toBeNull();
  });
  it("shows what came while the tab was hidden, even once a later list has marked it known", () => {
    const q = replay(markSeen(emptyQueue, ["n:7"]), item("n:7"));
    expect(currentPopup(q)?.key).toBe("n:7");
    expect(replay(q, item("n:7")).items).toHaveLength(1);
    // Shown once: the poll that brings it again adds nothing.
    expect(enqueue(dismiss(q), item("n:7")).items).toHaveLength(0);
  });
});

describe("popups from events", () => {
  it("tells like, like reply (match) and visit apart; read or angel-less ones give none", () => {
    expect(popupFromNotification(notification({}))?.kind).toBe("like");
    expect(popupFromNotification(notification({ categoriaNotifica: "risposta_a_like" }))?.kind).toBe("match");
    expect(popupFromNotification(notification({ type: "visita" }))?.kind).toBe("visit");
    expect(popupFromNotification(notification({ letto: true }))).toBeNull();
    expect(popupFromNotification(notification({ angelId: null }))).toBeNull();
    expect(popupFromNotification(notification({ type: "purchKo" }))).toBeNull();
  });
  it("gives a message popup for an angel's line only, with a preview", () => {
    const line = {
      id: 9,
      msg: "a".repeat(40),
      angelId: 3,
      time: "",
      type: "angel" as const,
      letto: false,
      blurredMessage: false,
      idNotifica: null,
      clientId: null,
    };
    const angel = { screenName: "Ada", photo: null };
    expect(popupFromMessage(line, angel)).toMatchObject({
      key: "m:9",
      kind: "message",
      text: `${"a".repeat(25)}…`,
    });
    expect(popupFromMessage({ ...line, type: "personal" }, angel)).toBeNull();
  });
});

describe("where popups are closed", () => {
  it("blocks a single chat, purchase and vip_plan pages", () => {
    for (const path of ["/chats/12", "/purchase", "/purchase/2", "/vip_plan", "/vip_plan/cred"])
      expect(popupBlocked(path), path).toBe(true);
  });
  it("allows the other pages", () => {
    for (const path of ["/chats", "/find", "/match", "/notifications", "/user/3", "/vip_planner"])
      expect(popupBlocked(path), path).toBe(false);
  });
});

describe("open chat", () => {
  it("is the angel of a single chat's path", () => {
    expect(openChatId("/chats/42")).toBe(42);
    expect(openChatId("/chats/42/")).toBe(42);
  });
  it("is none elsewhere, the chat list included", () => {
    for (const path of ["/chats", "/chats/", "/chats/abc", "/user/42", "/chats/42/more", "/find"])
      expect(openChatId(path), path).toBeNull();
  });
});

describe("hidden tab", () => {
  it("reads back the pending popups and ignores anything malformed", () => {
    expect(parsePending(JSON.stringify([item("n:1")]))).toEqual([item("n:1")]);
    expect(parsePending("not json")).toEqual([]);
    expect(parsePending(JSON.stringify([{ key: 1 }]))).toEqual([]);
    expect(parsePending(null)).toEqual([]);
  });
  it("reloads only after more than 180,000 ms hidden", () => {
    expect(reloadsAfterHidden(0, 180_000)).toBe(false);
    expect(reloadsAfterHidden(0, 180_001)).toBe(true);
    expect(reloadsAfterHidden(null, 999_999)).toBe(false);
  });
});

describe("the chat notification display rule", () => {
  const message = {
    id: 7,
    msg: "Ciao!",
    angelId: 3,
    time: new Date(0).toISOString(),
    type: "angel" as const,
    letto: false,
    blurredMessage: false,
    idNotifica: null,
    clientId: null,
  };

  it("shows at once without a delay, waits offset ms with one, drops a delayed full and every wait_ai", () => {
    expect(notificationDisplay(undefined)).toEqual({ show: true, afterMs: 0 });
    expect(notificationDisplay({ type: "Default", ritardo: false, offset: 900 })).toEqual({
      show: true,
      afterMs: 0,
    });
    expect(notificationDisplay({ type: "Default", ritardo: true, offset: 900 })).toEqual({
      show: true,
      afterMs: 900,
    });
    expect(notificationDisplay({ type: "wait_socket", ritardo: true, offset: 2000 })).toEqual({
      show: true,
      afterMs: 2000,
    });
    expect(notificationDisplay({ type: "full", ritardo: false, offset: 0 })).toEqual({
      show: true,
      afterMs: 0,
    });
    expect(notificationDisplay({ type: "full", ritardo: true, offset: 500 })).toEqual({ show: false });
    expect(notificationDisplay({ type: "wait_ai", ritardo: false, offset: 0 })).toEqual({ show: false });
    expect(notificationDisplay({ type: "wait_ai", ritardo: true, offset: 10 })).toEqual({ show: false });
  });

  it("marks the popup of a pressing message, so opening it records lettura_pressing", () => {
    const angel = { screenName: "Ada", photo: null };
    expect(
      popupFromMessage(message, angel, { type: "full", ritardo: false, offset: 0, pressing: true }),
    ).toMatchObject({ key: "m:7", kind: "message", pressing: true });
    expect(
      popupFromMessage(message, angel, { type: "Default", ritardo: false, offset: 0 })?.pressing,
    ).toBeUndefined();
  });
});

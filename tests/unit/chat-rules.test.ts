import { describe, expect, it } from "vitest";
import {
  acceptsInvite,
  answersAngelFirstTime,
  chatLock,
  isIcebreaker,
  type Line,
  messageToSend,
  onlyLikes,
  TEXTAREA_BASE_PX,
  textareaHeight,
  visibleLines,
  withStored,
} from "../../web/features/chat/chat-rules";
import { parseSafeHtml } from "../../web/lib/safe-html";
import { LIKE_REPLY_CATEGORY, type Notification } from "../../worker/contracts/engagement";

const now = Date.parse("2026-11-23T12:00:00Z");
let id = 0;
const line = (type: Line["type"], offsetMs = -60_000, extra: Partial<Line> = {}): Line => ({
  id: ++id,
  msg: type,
  angelId: 5,
  time: new Date(now + offsetMs).toISOString(),
  type,
  letto: true,
  blurredMessage: false,
  idNotifica: null,
  clientId: null,
  ...extra,
});

describe("the chat rules", () => {
  it("hides angel lines whose time is in the future and says when the next is due", () => {
    const past = line("angel");
    const future = line("angel", 30_000);
    const mine = line("personal", 2_000); // the server's clock ahead of ours: still shown
    const { visible, nextDue } = visibleLines([past, future, mine], now);
    expect(visible).toEqual([past, mine]);
    expect(nextDue).toBe(now + 30_000);
    expect(visibleLines([past, future], now + 30_000).visible).toEqual([past, future]);
  });

  it("makes the first message an icebreaker with no messages or only likes", () => {
    expect(isIcebreaker([])).toBe(true);
    expect(isIcebreaker([line("like"), line("like")])).toBe(true);
    expect(isIcebreaker([line("like"), line("angel")])).toBe(false);
    expect(isIcebreaker([line("personal", 0, { state: "sending" })])).toBe(false);
    expect(isIcebreaker([line("personal", 0, { state: "refused" })])).toBe(true);
  });

  it("counts the member's first answer after the angel's first message as engaging, once", () => {
    expect(answersAngelFirstTime([])).toBe(false);
    expect(answersAngelFirstTime([line("like"), line("personal")])).toBe(false);
    expect(answersAngelFirstTime([line("personal"), line("angel")])).toBe(true);
    expect(answersAngelFirstTime([line("like"), line("angel")])).toBe(true);
    expect(answersAngelFirstTime([line("angel"), line("personal"), line("angel")])).toBe(false);
    // A refused or held answer was never sent: the next one is still the first.
    expect(answersAngelFirstTime([line("angel"), line("personal", 0, { state: "refused" })])).toBe(true);
    expect(answersAngelFirstTime([line("angel"), line("personal", 0, { state: "held" })])).toBe(true);
  });

  it("shows the 'has visited you' note only when every message is a like", () => {
    expect(onlyLikes([])).toBe(false);
    expect(onlyLikes([line("like")])).toBe(true);
    expect(onlyLikes([line("like"), line("personal")])).toBe(false);
  });

  it("locks an invitation flow's chat whose first message is the member's own, and the reserved angels", () => {
    const invites = { angelId: 5, messaggiInviti: true };
    expect(chatLock([line("personal")], invites)).toBe("invite");
    expect(chatLock([line("like"), line("personal")], invites)).toBe("invite");
    expect(chatLock([line("angel"), line("personal")], invites)).toBeNull();
    expect(chatLock([], invites)).toBeNull();
    expect(chatLock([line("personal")], { angelId: 5, messaggiInviti: false })).toBeNull();
    expect(chatLock([], { angelId: 0, messaggiInviti: false })).toBe("angel");
    expect(chatLock([line("angel")], { angelId: 111111, messaggiInviti: false })).toBe("angel");
  });

  it("lifts the invite lock once the angel accepted, but never the reserved angels' lock", () => {
    const accepted = { angelId: 5, messaggiInviti: true, inviteAccepted: true };
    expect(chatLock([line("personal")], accepted)).toBeNull();
    expect(chatLock([line("personal")], { ...accepted, angelId: 111111 })).toBe("angel");
    // A held line (an unverified member's, never sent) does not make an invite.
    expect(
      chatLock([line("personal", 0, { state: "held" })], { ...accepted, inviteAccepted: false }),
    ).toBeNull();
  });

  it("takes only the angel's like back as the acceptance of an invite to that angel", () => {
    const n = (extra: Partial<Notification>): Notification => ({
      id: 1,
      type: "like",
      categoriaNotifica: LIKE_REPLY_CATEGORY,
      letto: false,
      angelId: 5,
      screenName: "Giulia",
      time: new Date(now).toISOString(),
      msg: "risposta_a_like",
      blurred: false,
      default_photo: null,
      ...extra,
    });
    expect(acceptsInvite(n({}), 5)).toBe(true);
    expect(acceptsInvite(n({}), 6)).toBe(false);
    expect(acceptsInvite(n({ categoriaNotifica: null }), 5)).toBe(false); // an angel's first like
    expect(acceptsInvite(n({ type: "visita", categoriaNotifica: null }), 5)).toBe(false);
  });

  it("keeps the lines not stored yet when the conversation is asked again", () => {
    const stored = line("angel", -30_000);
    const held = line("personal", -10_000, { id: -1, clientId: "held-1", state: "held" });
    const sending = line("personal", -5_000, { id: -2, clientId: "sending-1", state: "sending" });
    const echoed = line("personal", -5_000, { clientId: "sending-1" });
    expect(withStored([held, sending], [stored, echoed])).toEqual([stored, held, echoed]);
    expect(withStored([stored], [stored])).toEqual([stored]);
    // An answer read before the member's message was stored arrives after the room's echo of it: the
    // echoed line stays.
    expect(withStored([stored, echoed], [stored])).toEqual([stored, echoed]);
  });

  it("never sends an empty or whitespace-only message and trims the rest", () => {
    expect(messageToSend("")).toBeNull();
    expect(messageToSend("  \n\t ")).toBeNull();
    expect(messageToSend("  ciao \n")).toBe("ciao");
  });

  it("grows the textarea from the 43 px base", () => {
    expect(TEXTAREA_BASE_PX).toBe(43);
    expect(textareaHeight(20)).toBe(43);
    expect(textareaHeight(90)).toBe(90);
  });
});

describe("the benvenuto HTML reader", () => {
  it("keeps the allowed tags and a safe link", () => {
    expect(
      parseSafeHtml(
        '<p>Ciao <b>Marco</b>!<br>Leggi <a href="https://example.com/x" target="_top">qui</a></p>',
      ),
    ).toEqual([
      {
        tag: "p",
        children: [
          "Ciao ",
          { tag: "b", children: ["Marco"] },
          "!",
          { tag: "br", children: [] },
          "Leggi ",
          { tag: "a", href: "https://example.com/x", children: ["qui"] },
        ],
      },
    ]);
  });

  it("drops scripts with their content, event handlers, other tags and unsafe links", () => {
    const tree = parseSafeHtml(
      '<script>window.x=1</script><img src=x onerror="window.x=1"><b onclick="window.x=1">ok</b>' +
        '<a href="javascript:alert(1)">js</a><a href=" JaVaScRiPt:alert(1)">js2</a><iframe src="//e.vil">in</iframe>' +
        "<svg><script>alert(1)</script></svg><style>*{}</style>1 < 2 &lt;i&gt;",
    );
    expect(tree).toEqual([
      { tag: "b", children: ["ok"] },
      { tag: "a", children: ["js"] },
      { tag: "a", children: ["js2"] },
      "1 ",
      "<",
      " 2 <i>",
    ]);
    expect(JSON.stringify(tree)).not.toMatch(/onerror|onclick|javascript|script|iframe|img/i);
  });

  it("keeps the legal pages' headings, lists and links to this site, mail and phone, not to //other sites", () => {
    const hrefs = (html: string) =>
      parseSafeHtml(html).flatMap((n) => (typeof n === "string" || !n.href ? [] : [n.href]));
    expect(parseSafeHtml("<h2>FAQ</h2><ul><li>a</li></ul>")).toEqual([
      { tag: "h2", children: ["FAQ"] },
      { tag: "ul", children: [{ tag: "li", children: ["a"] }] },
    ]);
    expect(
      hrefs(
        '<a href="/legal/terms">t</a><a href="mailto:care@example.com">m</a><a href="tel:+390200">p</a>' +
          '<a href="//e.vil/x">x</a><a href="/\\e.vil">y</a><a href="data:text/html,x">z</a>',
      ),
    ).toEqual(["/legal/terms", "mailto:care@example.com", "tel:+390200"]);
  });
});

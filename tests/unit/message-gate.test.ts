import { describe, expect, it } from "vitest";
import { gateDecision } from "../../worker/contracts/message-gate";

const free = { premiumLevel: 0, creditiMessaggi: 0, creditiIcebreaker: 0, valoreMessaggio: 10 };

describe("the message gate", () => {
  it("lets a free member's very first message through at no cost", () => {
    expect(gateDecision(free, { icebreaker: true, firstEver: true })).toEqual({
      allowed: true,
      balance: null,
      cost: 0,
    });
  });

  it("spends an icebreaker credit on an icebreaker, else a message credit", () => {
    expect(
      gateDecision({ ...free, creditiIcebreaker: 1 }, { icebreaker: true, firstEver: false }),
    ).toMatchObject({
      balance: "icebreaker",
      cost: 1,
    });
    expect(
      gateDecision({ ...free, creditiMessaggi: 1 }, { icebreaker: true, firstEver: false }),
    ).toMatchObject({
      balance: "messaggi",
      cost: 1,
    });
  });

  it("never spends icebreaker credits on a later message", () => {
    expect(gateDecision({ ...free, creditiIcebreaker: 5 }, { icebreaker: false, firstEver: false })).toEqual({
      allowed: false,
      event: "ko_msg",
      hook: "fine_crediti",
    });
  });

  it("refuses with ko_icebreaker or ko_msg and the fine_crediti hook", () => {
    expect(gateDecision(free, { icebreaker: true, firstEver: false })).toMatchObject({
      event: "ko_icebreaker",
    });
    expect(gateDecision(free, { icebreaker: false, firstEver: false })).toMatchObject({ event: "ko_msg" });
  });

  it("charges a paid member valoreMessaggio and needs at least that much", () => {
    const paid = { ...free, premiumLevel: 1, creditiMessaggi: 10 };
    expect(gateDecision(paid, { icebreaker: false, firstEver: true })).toEqual({
      allowed: true,
      balance: "messaggi",
      cost: 10,
    });
    expect(
      gateDecision({ ...paid, creditiMessaggi: 9 }, { icebreaker: false, firstEver: false }),
    ).toMatchObject({
      allowed: false,
    });
  });
});

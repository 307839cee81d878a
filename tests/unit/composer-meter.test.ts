// The composer's meter beside the send button: the balance, this message's price and the warnings, from the
// same gate the room decides with. A free member of flow 7 starts with 5 message credits and 3 icebreakers.
import { describe, expect, it } from "vitest";
import { composerMeter } from "../../web/features/chat/composer-meter";

const free = { premiumLevel: 0, creditiMessaggi: 5, creditiIcebreaker: 3, valoreMessaggio: 10 };
const paid = { premiumLevel: 2, creditiMessaggi: 300, creditiIcebreaker: 3, valoreMessaggio: 10 };

describe("composerMeter", () => {
  it("says a free member's very first message is free, and shows the icebreakers where they pay", () => {
    expect(composerMeter(free, { icebreaker: true, firstEver: true })).toEqual({
      paid: false,
      credits: 5,
      icebreakers: 3,
      price: { kind: "free" },
      warning: null,
    });
    expect(composerMeter(free, { icebreaker: true, firstEver: false }).price).toEqual({ kind: "icebreaker" });
    expect(composerMeter(free, { icebreaker: false, firstEver: false })).toMatchObject({
      icebreakers: null,
      price: { kind: "credits", cost: 1 },
      warning: null,
    });
  });

  it("warns on the last free message of a conversation, before the next one is refused", () => {
    // Messages two to six of a conversation spend the five credits; the sixth is the last free one.
    const sixth = composerMeter({ ...free, creditiMessaggi: 1 }, { icebreaker: false, firstEver: false });
    expect(sixth).toMatchObject({ price: { kind: "credits", cost: 1 }, warning: "last" });
    // The seventh: nothing pays for it (it waits for a plan).
    const seventh = composerMeter({ ...free, creditiMessaggi: 0 }, { icebreaker: false, firstEver: false });
    expect(seventh).toMatchObject({ price: { kind: "none" }, warning: "out" });
    // An icebreaker with credits left after it is no last message.
    expect(
      composerMeter({ ...free, creditiMessaggi: 1 }, { icebreaker: true, firstEver: false }).warning,
    ).toBeNull();
    // An icebreaker paid by the last icebreaker credit, with no message credits: the conversation ends there.
    expect(
      composerMeter(
        { ...free, creditiMessaggi: 0, creditiIcebreaker: 1 },
        { icebreaker: true, firstEver: false },
      ),
    ).toMatchObject({ price: { kind: "icebreaker" }, warning: "last" });
  });

  it("charges a paid member valoreMessaggio a message and warns on the last one the credits pay for", () => {
    expect(composerMeter(paid, { icebreaker: true, firstEver: true })).toEqual({
      paid: true,
      credits: 300,
      icebreakers: null,
      price: { kind: "credits", cost: 10 },
      warning: null,
    });
    expect(
      composerMeter({ ...paid, creditiMessaggi: 19 }, { icebreaker: false, firstEver: false }).warning,
    ).toBe("last");
    expect(
      composerMeter({ ...paid, creditiMessaggi: 9 }, { icebreaker: false, firstEver: false }),
    ).toMatchObject({ price: { kind: "none" }, warning: "out" });
  });
});

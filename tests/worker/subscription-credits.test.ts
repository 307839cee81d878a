// GET /api/get/all's creditiMessaggiAbbonamento: the part of the member's message credits that came from the
// plan renewing for them now, as opposed to packs. A message spends the plan's credits first; an ended plan
// leaves none (its credits stay the member's, as ordinary ones).
import { describe, expect, it } from "vitest";
import { buyWithCard } from "../fixtures/card-purchase";
import { chat, setBalances } from "../fixtures/chat";
import { call, type TestMember, verifiedMember } from "../fixtures/members";
import { connect } from "../fixtures/socket";

const post = (member: TestMember, path: string, body: unknown) =>
  call(path, { method: "POST", token: member.token, body: JSON.stringify(body) });

async function navigation(member: TestMember) {
  const response = await call(`/api/get/all/${member.clickid}`, { token: member.token });
  expect(response.status).toBe(200);
  const { navigation } = (await response.json()) as {
    navigation: { creditiMessaggi: number; creditiMessaggiAbbonamento: number; premiumLevel: number };
  };
  return navigation;
}

const balances = async (member: TestMember) => {
  const n = await navigation(member);
  return { all: n.creditiMessaggi, fromPlan: n.creditiMessaggiAbbonamento };
};

describe("creditiMessaggiAbbonamento", () => {
  it("counts the running plan's credits, spent first by messages, and none once the plan has ended", async () => {
    const member = await verifiedMember();
    // Sign-up's 5 free message credits, then VIP Gold (300, renews) and a Refill pack (100, one-off).
    await buyWithCard(member, "gold-300");
    expect(await balances(member)).toEqual({ all: 305, fromPlan: 300 });
    await buyWithCard(member, "refill-100");
    expect(await balances(member)).toEqual({ all: 405, fromPlan: 300 });

    // A paid member's message costs valoreMessaggio (10): three of them come out of the plan's credits.
    const socket = await connect(member);
    for (const n of [1, 2, 3]) {
      chat(socket, `messaggio ${n}`, `plan-credits-${n}`);
      await socket.next("chat", (e) => e.data.clientId === `plan-credits-${n}`);
    }
    socket.close();
    await expect.poll(() => balances(member)).toEqual({ all: 375, fromPlan: 270 });

    // Unsubscribed, the plan still runs until its period ends: its credits still count as the plan's.
    const unsubscribed = await post(member, "/orders/unsubUser", { clickid: member.clickid });
    expect(await unsubscribed.json()).toMatchObject({ status: "ok" });
    expect(await balances(member)).toEqual({ all: 375, fromPlan: 270 });

    // At the period's end the job ends the plan: every credit is an ordinary one now.
    const billing = (await (await call("/api/billing", { token: member.token })).json()) as {
      periodEnd: string;
    };
    const run = await call("/dev/renewals/run", {
      method: "POST",
      body: JSON.stringify({
        now: new Date(Date.parse(billing.periodEnd) + 1000).toISOString(),
        clickid: member.clickid,
      }),
    });
    expect(run.status).toBe(200);
    expect(await balances(member)).toEqual({ all: 375, fromPlan: 0 });
  });

  it("is 0 for packs only, and never more than the balance", async () => {
    const member = await verifiedMember();
    await buyWithCard(member, "plus-100");
    expect(await balances(member)).toEqual({ all: 105, fromPlan: 0 });

    // A renewing plan bought on top: its 300 credits; then every credit but 20 spent (an operator's correction, say).
    await buyWithCard(member, "vip-300");
    expect(await balances(member)).toEqual({ all: 405, fromPlan: 300 });
    await setBalances(member.clickid, { messageCredits: 20 });
    expect(await balances(member)).toEqual({ all: 20, fromPlan: 20 });
  });
});

import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { messages } from "../../drizzle/schema/chat";
import { ANGEL, account, history, setBalances } from "../fixtures/chat";
import { inDb } from "../fixtures/db";
import { call, verifiedMember } from "../fixtures/members";

describe("GET /get/messages/{trackerId}/{angelId}: freeFirstMessage", () => {
  const answer = async (member: { clickid: string; token: string }, angelId = ANGEL) =>
    (await (await call(`/get/messages/${member.clickid}/${angelId}`, { token: member.token })).json()) as {
      freeFirstMessage: boolean;
    };

  it("says a free member's very first message is still free, in every conversation, until one is sent", async () => {
    const member = await verifiedMember();
    expect(await answer(member)).toMatchObject({ freeFirstMessage: true });
    expect(await answer(member, ANGEL + 1)).toMatchObject({ freeFirstMessage: true });
    const a = await account(member.clickid);
    await inDb((db) =>
      db
        .insert(messages)
        .values({ accountId: a?.id ?? 0, angelId: ANGEL, type: "personal", msg: "ciao", time: new Date() }),
    );
    // Sent to one angel: no first message of the member's is free any more, to her or to another.
    expect(await answer(member)).toMatchObject({ freeFirstMessage: false });
    expect(await answer(member, ANGEL + 1)).toMatchObject({ freeFirstMessage: false });
  });

  it("is never so for a paid member, who pays every message", async () => {
    const member = await verifiedMember();
    await setBalances(member.clickid, { premiumLevel: 1 });
    expect(await answer(member)).toMatchObject({ freeFirstMessage: false });
  });
});

describe("GET /get/messages", () => {
  it("answers only the member's own conversations", async () => {
    const alice = await verifiedMember();
    const bob = await verifiedMember();
    expect((await call(`/get/messages/${alice.clickid}/${ANGEL}`, { token: bob.token })).status).toBe(403);
    expect((await call(`/get/messages/${alice.clickid}/${ANGEL}`)).status).toBe(401);
  });

  it("hides messages whose time is in the future", async () => {
    const member = await verifiedMember();
    const a = await account(member.clickid);
    await inDb((db) =>
      db.insert(messages).values([
        {
          accountId: a?.id ?? 0,
          angelId: ANGEL,
          type: "angel",
          msg: "passato",
          time: new Date(Date.now() - 60_000),
        },
        {
          accountId: a?.id ?? 0,
          angelId: ANGEL,
          type: "angel",
          msg: "futuro",
          time: new Date(Date.now() + 60_000),
        },
      ]),
    );
    expect((await history(member)).map((m) => m.msg)).toEqual(["passato"]);
  });

  it("lists conversations with unread counts and photos; opening one reads only what is due", async () => {
    const member = await verifiedMember();
    const a = await account(member.clickid);
    const line = (angelId: number, msg: string, offsetMs: number) => ({
      accountId: a?.id ?? 0,
      angelId,
      type: "angel" as const,
      msg,
      time: new Date(Date.now() + offsetMs),
    });
    await inDb((db) =>
      db
        .insert(messages)
        .values([
          line(ANGEL, "uno", -120_000),
          line(ANGEL, "due", -60_000),
          line(ANGEL, "dopo", 60_000),
          line(2, "altra", -30_000),
        ]),
    );
    const list = async () => {
      const response = await call(`/get/messages/${member.clickid}`, { token: member.token });
      expect(response.status).toBe(200);
      return (await response.json()) as {
        messages: { angelId: number; msg: string; unread: number; default_photo: string }[];
        totalUnreadMessages: number;
      };
    };
    const before = await list();
    expect(before.totalUnreadMessages).toBe(3);
    expect(before.messages.map((c) => [c.angelId, c.msg, c.unread])).toEqual([
      [2, "altra", 1],
      [ANGEL, "due", 2],
    ]);
    expect(before.messages[1]?.default_photo).toBe(`/photos/default-it/${ANGEL}.jpg`);

    await history(member);
    const after = await list();
    expect(after.messages.map((c) => [c.angelId, c.unread])).toEqual([
      [2, 1],
      [ANGEL, 0],
    ]);
    // The message not yet due stays unread for when it shows.
    const future = await inDb((db) =>
      db
        .select({ read: messages.read })
        .from(messages)
        .where(and(eq(messages.accountId, a?.id ?? 0), eq(messages.msg, "dopo"))),
    );
    expect(future).toEqual([{ read: false }]);
  });
});

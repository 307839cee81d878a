// The `ai` reply provider against a fake of an OpenAI-compatible chat-completions API (tests/fakes/openai.ts).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts } from "../../drizzle/schema/accounts";
import { flows } from "../../drizzle/schema/flows";
import { seedFlows } from "../../drizzle/seed";
import { replyBank } from "../../worker/chat/reply-bank";
import { type FakeAiRequest, fakeAiReply } from "../fakes/openai";
import { testConfig } from "../fixtures/config";
import { inDb } from "../fixtures/db";
import { type TestMember, verifiedMember } from "../fixtures/members";
import { openSocket, type TestSocket } from "../fixtures/socket";

const AI_FLUX = "ai-test";

async function aiMember(): Promise<{ member: TestMember; socket: TestSocket }> {
  await inDb((db) =>
    db
      .insert(flows)
      .values({ fluxId: AI_FLUX, config: { ...seedFlows["7"], provider_animazione: "ai", use_ai: true } })
      .onConflictDoNothing(),
  );
  const member = await verifiedMember();
  await inDb((db) =>
    db.update(accounts).set({ fluxId: AI_FLUX }).where(eq(accounts.clickid, member.clickid)),
  );
  const response = await openSocket(member.clickid, { token: member.token });
  if (!response.socket) throw new Error(`socket refused: ${response.status}`);
  return { member, socket: response.socket };
}

async function fakeRequests(): Promise<FakeAiRequest[]> {
  const response = await fetch(`${testConfig.ai?.url.replace(/\/v1$/, "")}/__fake/requests`);
  return ((await response.json()) as { requests: FakeAiRequest[] }).requests;
}

describe("the ai reply provider", () => {
  it("answers an ai flow's member with the model's reply, asked in the brand's language", async () => {
    const { socket } = await aiMember();
    socket.send({ event: "chat", data: { msg: "Ciao, come va?", angelId: 1, clientId: "ai-provider-01" } });
    const reply = await socket.next("chat", (e) => e.data.type === "angel", 8000);
    expect(reply.data.msg).toBe(fakeAiReply("Ciao, come va?"));
    const request = (await fakeRequests()).find((r) =>
      r.messages.some((m) => m.content === "Ciao, come va?"),
    );
    expect(request?.model).toBe(testConfig.ai?.model);
    expect(request?.messages[0]?.role).toBe("system");
    expect(request?.messages[0]?.content).toContain("Italian");
    expect(request?.messages[0]?.content).toContain("fictional");
    socket.close();
  });

  it("falls back to the scripted bank when the API fails", async () => {
    const { socket } = await aiMember();
    socket.send({ event: "chat", data: { msg: "FAIL please", angelId: 1, clientId: "ai-provider-02" } });
    const reply = await socket.next("chat", (e) => e.data.type === "angel", 8000);
    // One of the Italian bank's lines ({name} stands for the member's name).
    const literal = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const lines = replyBank.it.replies.map(
      (l) => new RegExp(`^${l.split("{name}").map(literal).join(".*")}$`),
    );
    expect(reply.data.msg).not.toBe(fakeAiReply("FAIL please"));
    expect(lines.some((line) => line.test(reply.data.msg))).toBe(true);
    socket.close();
  });
});

// The Bot API client against the fake of Telegram's documented API (Node side): getMe, sendMessage, setWebhook,
// a blocked chat as `blocked`, a wrong token and a timeout as `failed`.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { botApi } from "../../worker/notifications/telegram/bot-api";
import { type FakeTelegram, startFakeTelegram } from "../fakes/telegram";

let fake: FakeTelegram;
beforeAll(async () => {
  fake = await startFakeTelegram();
});
afterAll(() => fake.close());

const api = (token = fake.token, timeoutMs = 2_000) =>
  botApi(
    { apiBase: fake.url, timeoutMs, webhookSecret: undefined, botTokens: {}, linkTtlMs: 1, loginTtlMs: 1 },
    token,
  );

describe("the Bot API client", () => {
  it("reads getMe", async () => {
    const me = await api().getMe();
    expect(me).toMatchObject({ ok: true, result: { is_bot: true, username: "FakeTestBot" } });
  });

  it("sends a message in HTML without a link preview", async () => {
    const sent = await api().sendMessage("12345", "<b>hi</b>");
    expect(sent.ok).toBe(true);
    expect(fake.messages.at(-1)).toMatchObject({ chat_id: "12345", text: "<b>hi</b>", parse_mode: "HTML" });
  });

  it("calls a blocked chat blocked, and a chat that does not exist too", async () => {
    await fetch(`${fake.url}/__fake/block`, { method: "POST", body: JSON.stringify({ chat_id: 777 }) });
    expect(await api().sendMessage("777", "x")).toEqual({ ok: false, kind: "blocked", status: 403 });
    expect(await api().sendMessage("-404123", "x")).toEqual({ ok: false, kind: "blocked", status: 400 });
  });

  it("calls a wrong token and an unreachable API failed", async () => {
    expect(await api("123456:wrongwrongwrongwrongwrongwrongwrong").getMe()).toEqual({
      ok: false,
      kind: "failed",
      status: 401,
    });
    const unreachable = botApi(
      {
        apiBase: "http://127.0.0.1:9",
        timeoutMs: 500,
        webhookSecret: undefined,
        botTokens: {},
        linkTtlMs: 1,
        loginTtlMs: 1,
      },
      fake.token,
    );
    expect(await unreachable.getMe()).toEqual({ ok: false, kind: "failed", status: 0 });
  });

  it("sets the webhook with its secret token, which the fake then sends with each update", async () => {
    const set = await api().setWebhook(
      "https://amoreitalia.example/hooks/telegram/amoreitalia",
      "a".repeat(64),
    );
    expect(set).toEqual({ ok: true, result: true });
    const { webhook } = (await (await fetch(`${fake.url}/__fake/webhook`)).json()) as {
      webhook: { url: string; secret: string };
    };
    expect(webhook).toEqual({
      url: "https://amoreitalia.example/hooks/telegram/amoreitalia",
      secret: "a".repeat(64),
    });
    expect((await api().setWebhook("http://amoreitalia.example/hook", "s")).ok).toBe(false);
  });
});

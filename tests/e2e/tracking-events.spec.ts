// The tracking helper's client events as the KPI call (/log/event) receives them: a profile seen and its
// visit, a like from the find page and its confirmation by the room, a message refused for credits, and the
// member's first answer to an angel (engage). The failed match stack's report to api/log/client is checked
// in match.spec.ts.
import type { Page } from "@playwright/test";
import { apiCall, at1280, expect, firstAngel, origin, signedInMember, test } from "./helpers";

interface Kpi {
  nome_evento: string;
  clickid: string;
  metadata?: { angelId?: number };
}

/** Every KPI call the page makes, in order (the calls still reach the Worker). */
function recordKpi(page: Page) {
  const sent: Kpi[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/log/event") {
      sent.push(request.postDataJSON() as Kpi);
    }
  });
  const named = (name: string) => sent.filter((e) => e.nome_evento === name);
  return { sent, named };
}

async function setPremium(page: Page, clickid: string, premiumLevel: number) {
  const call = apiCall("it", `/dev/members/${clickid}/premium`);
  const response = await page.request.post(call.url, { headers: call.headers, data: { premiumLevel } });
  expect(response.ok()).toBe(true);
}

test(
  "a profile seen, its visit and a like from the find page each reach the KPI once",
  at1280,
  async ({ page }) => {
    const member = await signedInMember(page, "it", "kpiprofile");
    const kpi = recordKpi(page);
    const angel = await firstAngel(page);
    // The find page alone sends no profile or like event.
    expect(kpi.named("vista_profilo")).toEqual([]);
    expect(kpi.named("like_da_home")).toEqual([]);

    // A like from the find page: like_da_home when it goes out, the like-from-radar KPI when the room confirms.
    const card = page.locator(`[data-testid="angel-card"][data-angel-id="${angel.id}"]`);
    await card.getByTestId("like-button").click();
    await expect(page.getByTestId("like-tooltip")).toBeVisible();
    await expect.poll(() => kpi.named("like_da_home").length).toBe(1);
    await expect.poll(() => kpi.named("like_da_radar").length).toBe(1);
    expect(kpi.named("like_da_home")[0]).toMatchObject({
      clickid: member.clickid,
      metadata: { angelId: angel.id },
    });
    expect(kpi.named("like_da_radar")[0]).toMatchObject({ metadata: { angelId: angel.id } });

    // The profile: vista_profilo once it is on screen, visita_profilo once the visit is recorded.
    await page.goto(`${origin("it")}/user/${angel.id}`);
    await expect(page.getByTestId("angel-name")).toHaveText(angel.name);
    await expect.poll(() => kpi.named("vista_profilo").length).toBe(1);
    await expect.poll(() => kpi.named("visita_profilo").length).toBe(1);
    expect(kpi.named("vista_profilo")[0]).toMatchObject({
      clickid: member.clickid,
      metadata: { angelId: angel.id },
    });
    expect(kpi.named("visita_profilo")[0]).toMatchObject({ metadata: { angelId: angel.id } });
    // A like from the profile is not a like from the home page; no personal data goes with any event.
    await page.getByTestId("like-button").click();
    await expect.poll(() => kpi.named("like_da_radar").length).toBe(2);
    expect(kpi.named("like_da_home")).toHaveLength(1);
    expect(kpi.named("vista_profilo")).toHaveLength(1);
    expect(JSON.stringify(kpi.sent)).not.toContain("@");
  },
);

test("a message refused for credits sends ko_msg once", at1280, async ({ page }) => {
  const member = await signedInMember(page, "it", "kpikomsg");
  const kpi = recordKpi(page);
  const angel = await firstAngel(page);
  await page.goto(`${origin("it")}/chats/${angel.id}`);
  const input = page.getByTestId("chat-input");
  // The member's first message is free; it starts the conversation.
  await input.fill("Ciao");
  await input.press("Enter");
  await expect(page.getByTestId("my-message")).toHaveCount(1);
  // Stored (no longer "sending"), so the conversation has started before the member's plan changes.
  await expect(page.getByTestId("my-message")).not.toHaveClass(/sending/);
  expect(kpi.named("ko_msg")).toEqual([]);
  // A paid member with the sign-up's 5 credits cannot pay the next message, worth 10.
  await setPremium(page, member.clickid, 1);
  await input.fill("Secondo messaggio");
  await input.press("Enter");
  await expect(page.getByTestId("chat-pending")).toBeVisible();
  await expect.poll(() => kpi.named("ko_msg").length).toBe(1);
  expect(kpi.named("ko_msg")[0]).toMatchObject({ clickid: member.clickid, metadata: { angelId: angel.id } });
  expect(kpi.named("ko_icebreaker")).toEqual([]);
  expect(JSON.stringify(kpi.sent)).not.toContain("Secondo messaggio");
});

test("the member's first answer to the angel sends engage once", at1280, async ({ page }) => {
  const member = await signedInMember(page, "it", "kpiengage");
  const kpi = recordKpi(page);
  const stored: { type: string; angelId: number | null }[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/log/event")
      stored.push(request.postDataJSON() as { type: string; angelId: number | null });
  });
  const angel = await firstAngel(page);
  await page.goto(`${origin("it")}/chats/${angel.id}`);
  const input = page.getByTestId("chat-input");
  // Writing first is not answering: nothing until the angel has written.
  await input.fill("Ciao");
  await input.press("Enter");
  await expect(page.getByTestId("angel-message")).toHaveCount(1, { timeout: 15_000 });
  expect(kpi.named("engage")).toEqual([]);

  // Two answers in a row, the second sent before the first is stored: the first answer engages, once.
  await input.fill("Che bello sentirti");
  await input.press("Enter");
  await input.fill("Di dove sei?");
  await input.press("Enter");
  await expect.poll(() => kpi.named("engage").length).toBe(1);
  expect(kpi.named("engage")[0]).toMatchObject({ clickid: member.clickid, metadata: { angelId: angel.id } });
  // The member event is stored too (api/log/event), with the angel.
  await expect
    .poll(() => stored.filter((e) => e.type === "engage"))
    .toEqual([expect.objectContaining({ type: "engage", angelId: angel.id })]);
  await expect(page.getByTestId("my-message")).toHaveCount(3);
  await expect(page.getByTestId("my-message").last()).not.toHaveClass(/sending/);
  expect(kpi.named("engage")).toHaveLength(1);
});

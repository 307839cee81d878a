// The operator console: a member on the operators flow (8) writes to an angel; an operator signs in at /ops
// in another browser, takes the conversation from the queue, sees both profiles and the persona notes, and
// replies; the member sees the angel typing, then the reply. The bar names the sites the operator covers. A
// supervisor also opens the audit log.
import { OPERATORS_FLUX_ID } from "../../drizzle/seed";
import { demoOperators } from "../../drizzle/seed-data/operators";
import { renderAvatarJpeg } from "../../drizzle/seed-data/portraits/avatar";
import { apiCall, expect, expectAccessible, newDevice, origin, shot, signedInMember, test } from "./helpers";

const ANGEL = 1; // the seed's first Italian angel; she has persona notes
const MESSAGE = "Ciao! Sei ancora sveglia?";
const REPLY = "Ciao! Sì, stavo proprio pensando a te";

test("an operator answers a member from the console", async ({ page, browser }, info) => {
  // One operator per project, so the two projects' runs never share a lease count.
  const operator = demoOperators.find((o) =>
    info.project.name === "mobile" ? o.role === "supervisor" : o.email.startsWith("giulia"),
  );
  if (!operator) throw new Error("the seed's demo operators changed");

  const member = await signedInMember(page, "it", "ops", OPERATORS_FLUX_ID);
  // The member's name, description and photo, as the own profile saves them: the operator sees them.
  const authorization = `Bearer ${member.token}`;
  const profile = apiCall("it", `/api/users/${member.clickid}`);
  const saved = await page.request.put(profile.url, {
    headers: { ...profile.headers, authorization },
    data: { username: "Lorenzo", descrizione: "Ingegnere, amo la vela e i film in bianco e nero." },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const upload = apiCall("it", `/api/upload/${member.clickid}`);
  const uploaded = await page.request.post(upload.url, {
    headers: { ...upload.headers, authorization },
    multipart: {
      avatar: {
        name: "me.jpg",
        mimeType: "image/jpeg",
        buffer: Buffer.from(renderAvatarJpeg({ seed: member.clickid, hairColour: "black", size: 200 })),
      },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  await page.goto(`${origin("it")}/chats/${ANGEL}`);
  await page.getByTestId("chat-input").fill(MESSAGE);
  await page.locator("form.composer button[type=submit]").click();
  await expect(page.getByTestId("my-message")).toContainText(MESSAGE);

  const desk = await newDevice(browser, info.project.use);
  const ops = await desk.newPage();
  await ops.goto(`${origin("it")}/ops`);
  await expect(ops).toHaveURL(/\/ops\/login$/);
  await expect(ops.locator("form.ops-login")).toBeVisible();
  await shot(ops, "ops-login");
  // A wrong password says so.
  await ops.locator('input[name="email"]').fill(operator.email);
  await ops.locator('input[name="password"]').fill("not-my-password");
  await ops.locator("form.ops-login button[type=submit]").click();
  await expect(ops.getByRole("alert")).toBeVisible();
  await ops.locator('input[name="password"]').fill(operator.password);
  await ops.locator("form.ops-login button[type=submit]").click();
  await expect(ops.getByTestId("ops-operator")).toContainText(operator.displayName);

  // The bar names the sites the operator covers (the seed's desks: Giulia the Italian site, Lucía the
  // Spanish and Italian ones), in the operator's language.
  await expect(ops.getByTestId("ops-brands")).toHaveText(
    operator.role === "supervisor" ? "Sitios: Amore Italia, Amor España" : "Siti: Amore Italia",
  );

  // The queue refreshes by itself; the member's conversation is there, not taken yet.
  const item = ops.locator(`[data-testid="ops-queue-item"][data-clickid="${member.clickid}"]`);
  await expect(item).toContainText(MESSAGE);
  await shot(ops, "ops-queue");
  await expectAccessible(ops, "the console's queue");
  await item.getByRole("button").click();
  await expect(ops).toHaveURL(new RegExp(`/ops/c/${member.clickid}/${ANGEL}$`));
  await expect(ops.getByTestId("ops-member-message")).toHaveText(new RegExp(MESSAGE.replace("?", "\\?")));
  const memberProfile = ops.getByTestId("ops-member-profile");
  await expect(memberProfile).toContainText("Lombardia");
  await expect(memberProfile).toContainText("Lorenzo");
  await expect(ops.getByTestId("ops-member-description")).toHaveText(
    "Ingegnere, amo la vela e i film in bianco e nero.",
  );
  await expect(ops.getByTestId("ops-member-photo")).toHaveJSProperty("naturalWidth", 200);
  await expect(ops.getByTestId("ops-angel-profile")).toBeVisible();
  // The page's heading names the two sides; the Italian angel's notes are in Italian.
  await expect(ops.getByRole("heading", { level: 1 })).toContainText("Lorenzo");
  await expect(ops.getByTestId("ops-notes")).toContainText("cucinare il risotto");
  await expect(ops.locator(".ops-lease.mine")).toHaveText(/\d:\d\d/);
  await expect(ops.getByTestId("ops-angel-profile").locator("img")).toHaveJSProperty("complete", true);
  await shot(ops, "ops-conversation");
  await expectAccessible(ops, "the console's conversation");

  await ops.locator('textarea[name="reply"]').fill(REPLY);
  await ops.locator("form.composer button[type=submit]").click();
  await expect(ops.getByTestId("ops-angel-message")).toContainText(REPLY);

  // The member: the angel types first, then the reply arrives.
  await expect(page.getByTestId("typing")).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId("angel-message")).toContainText(REPLY, { timeout: 15_000 });

  if (operator.role === "supervisor") {
    await ops.goto(`${origin("it")}/ops/audit`);
    await expect(ops.locator('[data-testid="ops-audit-row"][data-action="reply"]').first()).toBeVisible();
    await shot(ops, "ops-audit");
  }
  await desk.close();
});

test("an operator who covers no site yet is told so, not shown an empty queue", async ({ browser }, info) => {
  const tom = demoOperators.find((o) => o.email.startsWith("tom"));
  if (!tom) throw new Error("the seed's demo operators changed");
  const desk = await newDevice(browser, info.project.use);
  const ops = await desk.newPage();
  // Tom covers LoveChat in the seed; here he signs in as a new operator would before an administrator gives
  // him a site (the sign-in's answer is played with his sites emptied; the server's own scoping is a Worker
  // test).
  await ops.route("**/ops/api/login", async (route) => {
    // Node does not resolve *.localhost as Chromium does: the real sign-in goes to 127.0.0.1 with the Host.
    const server = apiCall("en", "/ops/api/login");
    const response = await route.fetch({
      url: server.url,
      headers: { ...route.request().headers(), ...server.headers },
    });
    const body = (await response.json()) as { operator?: { brands: unknown[] } };
    if (body.operator) body.operator.brands = [];
    await route.fulfill({ response, json: body });
  });
  await ops.goto(`${origin("en")}/ops/login`);
  await ops.locator('input[name="email"]').fill(tom.email);
  await ops.locator('input[name="password"]').fill(tom.password);
  await ops.locator("form.ops-login button[type=submit]").click();
  await expect(ops.getByTestId("ops-brands")).toHaveText("No site yet");
  await expect(ops.getByTestId("ops-no-brands")).toHaveText(
    "You do not cover any site yet, so no member is shown: ask an administrator to give you one.",
  );
  await shot(ops, "ops-queue-no-site");
  await expectAccessible(ops, "the console's queue without a site");
  await desk.close();
});

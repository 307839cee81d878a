// The boundaries `npm run check` enforces (.dependency-cruiser.mjs): each rule refuses a new violation, and
// the imports the layout relies on pass.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { cruise, type IReporterOutput } from "dependency-cruiser";
import { afterAll, describe, expect, it } from "vitest";
import config from "../../.dependency-cruiser.mjs";

const root = mkdtempSync(join(tmpdir(), "boundaries-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Cruises a small tree of files (path → source) laid out like the project; answers the rules broken. */
async function violations(files: Record<string, string>): Promise<string[]> {
  const dir = mkdtempSync(join(root, "tree-"));
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), source);
  }
  const cwd = process.cwd();
  process.chdir(dir);
  let result: IReporterOutput;
  try {
    result = await cruise(Object.keys(files), {
      validate: true,
      ruleSet: { forbidden: config.forbidden },
      tsPreCompilationDeps: true,
    });
  } finally {
    process.chdir(cwd);
  }
  if (typeof result.output === "string") throw new Error(result.output);
  return result.output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
}

const exporting = "export const x = 1;\n";

describe("the architecture's boundaries", () => {
  it("let the layout's own imports through", async () => {
    expect(
      await violations({
        "web/features/chat/ChatPage.tsx": [
          'import type { AppType } from "../../../worker/app";',
          'import { ChatMessage } from "../../../worker/contracts/chat";',
          'import { x } from "../../lib/api";',
          'import { y } from "../../components/LikeButton";',
          "export const page = [ChatMessage, x, y] as unknown as AppType;",
        ].join("\n"),
        "web/lib/api.ts": exporting,
        "web/components/LikeButton.tsx": "export const y = 2;\n",
        "worker/app.ts": 'import { send } from "./chat/chat.socket";\nexport const app = send;\n',
        "worker/contracts/chat.ts": "export const ChatMessage = 1;\n",
        "worker/chat/chat.socket.ts":
          'import { like } from "../engagement/likes.service";\nimport type { Room } from "../realtime/room";\nexport const send = (r: Room) => [like, r];\n',
        "worker/engagement/likes.service.ts": "export const like = 1;\n",
        "worker/chat/chat.routes.ts":
          'import { history } from "./chat.service";\nimport type { AppEnv } from "../env";\nexport const r = (e: AppEnv) => [history, e];\n',
        "worker/chat/chat.service.ts":
          'import { messages } from "../../drizzle/schema/chat";\nimport type { Db } from "../core/db";\nexport const history = (db: Db) => [db, messages];\n',
        "drizzle/schema/chat.ts": "export const messages = 1;\n",
        "worker/core/db.ts": "export type Db = { id: number };\n",
        "worker/env.ts": "export type AppEnv = { db: number };\n",
        "worker/realtime/room.ts": "export interface Room { id: string }\n",
        "worker/realtime/handlers.ts":
          'import { send } from "../chat/chat.socket";\nexport const handlers = { send };\n',
        "party/user-room.ts":
          'import { handlers } from "../worker/realtime/handlers";\nexport const room = handlers;\n',
        "drizzle/seed.ts":
          'import { ChatMessage } from "../worker/contracts/chat";\nexport const seed = ChatMessage;\n',
      }),
    ).toEqual([]);
  });

  it.each([
    [
      "web-feature-isolation",
      {
        "web/features/chat/ChatPage.tsx": 'import { x } from "../discovery/FindPage";\nexport const p = x;\n',
        "web/features/discovery/FindPage.tsx": exporting,
      },
    ],
    [
      "web-shared-not-features",
      {
        "web/lib/session.ts": 'import { x } from "../features/chat/ChatPage";\nexport const s = x;\n',
        "web/features/chat/ChatPage.tsx": exporting,
      },
    ],
    [
      "web-only-contracts",
      {
        "web/lib/db.ts": 'import { x } from "../../worker/core/db";\nexport const d = x;\n',
        "worker/core/db.ts": exporting,
      },
    ],
    [
      "web-app-type-only",
      {
        "web/lib/api.ts": 'import { x } from "../../worker/app";\nexport const a = x;\n',
        "worker/app.ts": exporting,
      },
    ],
    [
      "party-only-contracts-and-handlers",
      {
        "party/user-room.ts": 'import { x } from "../worker/chat/chat.service";\nexport const r = x;\n',
        "worker/chat/chat.service.ts": exporting,
      },
    ],
    [
      "worker-not-party",
      {
        "worker/chat/chat.socket.ts": 'import { x } from "../../party/user-room";\nexport const s = x;\n',
        "party/user-room.ts": exporting,
      },
    ],
    [
      "worker-feature-internals",
      {
        "worker/chat/chat.socket.ts": 'import { x } from "../engagement/likes-rules";\nexport const s = x;\n',
        "worker/engagement/likes-rules.ts": exporting,
      },
    ],
    [
      "routes-no-queries",
      {
        "worker/chat/chat.routes.ts":
          'import { messages } from "../../drizzle/schema/chat";\nexport const r = messages;\n',
        "drizzle/schema/chat.ts": exporting,
      },
    ],
    [
      "routes-no-queries",
      {
        "worker/chat/chat.routes.ts":
          'import type { Db } from "../core/db";\nexport const r = (db: Db) => db;\n',
        "worker/core/db.ts": "export type Db = { id: number };\n",
      },
    ],
    [
      "routes-no-queries",
      {
        "worker/chat/chat.routes.ts": 'import { eq } from "drizzle-orm";\nexport const r = eq;\n',
      },
    ],
    [
      "seed-not-worker-internals",
      {
        "drizzle/seed.ts": 'import { x } from "../worker/photos/looks";\nexport const s = x;\n',
        "worker/photos/looks.ts": exporting,
      },
    ],
    [
      "no-circular",
      {
        "worker/core/db.ts": 'import { y } from "../env";\nexport const x = () => y;\n',
        "worker/env.ts": 'import { x } from "./core/db";\nexport const y = () => x;\n',
      },
    ],
  ])("%s refuses a new violation", async (rule, files) => {
    const found = await violations(files);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((v) => v.startsWith(`${rule}:`))).toBe(true);
  });
});

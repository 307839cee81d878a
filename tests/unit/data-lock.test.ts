// The data folder's lock (scripts/data-lock.ts): held while its process runs, taken over from a start that was
// killed or crashed (its process gone, or its process id reused by a process that began at another time).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DataFolderInUse, LOCK_FILE, lockDataFolder } from "../../scripts/data-lock";

let dir = "";
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "data-lock-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const lockPath = () => join(dir, LOCK_FILE);
const holder = () => JSON.parse(readFileSync(lockPath(), "utf8")) as { pid: number; startedAt?: string };
/** The id of a process that has run and ended. */
const endedPid = () => spawnSync(process.execPath, ["-e", ""]).pid as number;

describe("the data folder's lock", () => {
  it("is refused to a second taker while its holder runs, naming the holder", () => {
    const lock = lockDataFolder(dir);
    expect(holder().pid).toBe(process.pid);
    let refused: unknown;
    try {
      lockDataFolder(dir);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(DataFolderInUse);
    expect(refused).toMatchObject({ dataDir: dir, pid: process.pid });
    lock.release();
    expect(existsSync(lockPath())).toBe(false);
    // Free again once released; nothing else is left in the folder.
    lockDataFolder(dir).release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it("is taken over from a start whose process has ended", () => {
    const pid = endedPid();
    writeFileSync(lockPath(), JSON.stringify({ pid }));
    const lock = lockDataFolder(dir);
    expect(holder().pid).toBe(process.pid);
    lock.release();
  });

  it("is taken over when its process id now belongs to a process that began at another time", () => {
    // This process is running, but did not begin at tick 1: the id was reused after a crash.
    expect(readFileSync(`/proc/${process.pid}/stat`, "utf8")).toBeTruthy();
    writeFileSync(lockPath(), JSON.stringify({ pid: process.pid, startedAt: "1" }));
    const lock = lockDataFolder(dir);
    expect(holder()).toMatchObject({ pid: process.pid });
    expect(holder().startedAt).not.toBe("1");
    lock.release();
  });

  it("is taken over when the file holds no process id", () => {
    writeFileSync(lockPath(), "not a lock");
    lockDataFolder(dir).release();
    expect(existsSync(lockPath())).toBe(false);
  });

  it("is not removed by its first holder's release once another start has taken it over", () => {
    const lock = lockDataFolder(dir);
    // Another start's lock in its place (this one was taken for dead and taken over).
    const other = JSON.stringify({ pid: endedPid() });
    writeFileSync(lockPath(), other);
    lock.release();
    expect(readFileSync(lockPath(), "utf8")).toBe(other);
  });
});

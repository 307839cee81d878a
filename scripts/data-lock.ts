// One `npm start` per data folder. Two starts on one folder would both open the same PGlite files, Durable
// Object stores and photo bucket, and the database would be corrupted for both. The first start writes its
// process id into `<data folder>/start.lock`; a second one finds it there, sees that process running and stops.
// A lock left by a start that was killed or crashed names a process that no longer runs (or, on Linux, a
// reused process id that started at another time) and is taken over.
import { linkSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const LOCK_FILE = "start.lock";

/** What a lock file holds: the start's process id and, where the system tells it, when that process began. */
interface Holder {
  pid: number;
  /** Field 22 of /proc/<pid>/stat (clock ticks since boot); absent where there is no /proc. */
  startedAt?: string;
}

export class DataFolderInUse extends Error {
  constructor(
    readonly dataDir: string,
    /** Undefined when the lock kept changing hands while it was read. */
    readonly pid: number | undefined,
  ) {
    super(`the data folder ${dataDir} is in use${pid ? ` by process ${pid}` : ""}`);
    this.name = "DataFolderInUse";
  }
}

/** When a process began, from /proc (Linux); undefined elsewhere or when the process is gone. */
function startTimeOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) is in parentheses and may hold spaces: count fields after its ")".
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
}

function isRunning(holder: Holder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  const startedAt = startTimeOf(holder.pid);
  return holder.startedAt === undefined || startedAt === undefined || startedAt === holder.startedAt;
}

function parseHolder(text: string): Holder | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== "object" || value === null) return null;
    const { pid, startedAt } = value as Record<string, unknown>;
    if (!Number.isSafeInteger(pid) || (pid as number) <= 0) return null;
    return { pid: pid as number, ...(typeof startedAt === "string" ? { startedAt } : {}) };
  } catch {
    return null;
  }
}

const readText = (path: string) => {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
};

export interface DataLock {
  /** Removes the lock if it is still this process's (idempotent). */
  release(): void;
}

/**
 * Takes the data folder for this process, or throws DataFolderInUse naming the process that holds it.
 * The lock appears whole or not at all: it is written to a file of its own, then hard-linked to its name,
 * which fails when the name exists.
 */
export function lockDataFolder(dataDir: string): DataLock {
  const path = join(dataDir, LOCK_FILE);
  const startedAt = startTimeOf(process.pid);
  const mine = JSON.stringify({ pid: process.pid, ...(startedAt ? { startedAt } : {}) });
  const draft = `${path}.${process.pid}`;
  writeFileSync(draft, mine);
  try {
    // A few turns: another start may take over the same stale lock between our read and our link.
    for (let turn = 0; turn < 3; turn++) {
      try {
        linkSync(draft, path);
        return {
          release() {
            if (readText(path) === mine) rmSync(path, { force: true });
          },
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      const found = readText(path);
      if (found === null) continue;
      const holder = parseHolder(found);
      if (holder && isRunning(holder)) throw new DataFolderInUse(dataDir, holder.pid);
      // Stale (its start was killed or crashed) or unreadable: removed, unless another start replaced it.
      if (readText(path) === found) rmSync(path, { force: true });
    }
    throw new DataFolderInUse(dataDir, parseHolder(readText(path) ?? "")?.pid);
  } finally {
    rmSync(draft, { force: true });
  }
}

// What the benchmark's processes cost, read from Linux /proc: CPU time per request, and workerd's memory and
// open files while it holds the rooms.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, readlinkSync } from "node:fs";

// Where the CPU goes (Linux /proc; elsewhere these columns stay empty): user + system time of workerd, of
// this Node process (autocannon, the WebSocket/HTTP proxy, PGlite when it is the database) and of the
// PostgreSQL server (its live processes plus the backends that already ended, which the postmaster reaps),
// and the machine's busy time: when that is well above the sum, other work shares the cores.
const TICK_MS = 10; // USER_HZ is 100 on Linux
function procTicks(pid: number, withReapedChildren = false): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat
      .slice(stat.lastIndexOf(")") + 2)
      .split(" ")
      .map(Number);
    return (f[11] ?? 0) + (f[12] ?? 0) + (withReapedChildren ? (f[13] ?? 0) + (f[14] ?? 0) : 0);
  } catch {
    return Number.NaN;
  }
}
const pids = (args: string[]) => {
  try {
    return execFileSync("pgrep", args).toString().split("\n").filter(Boolean).map(Number);
  } catch {
    return [];
  }
};
// This process's CPU spent taking snapshots (the pgrep children are spawned from here), left out of its
// figure so that a window between two snapshots counts only the work it measures.
let snapshotCost = 0;
const nodeTicks = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000 / TICK_MS;
};
/**
 * The bench's own database, whose backends (named in their process titles, "postgres: … <database> …") are
 * counted apart: other work on a shared server does not land in the bench's figures. Sessions that start
 * and end inside a window are missed by this count (the whole server's figure keeps them): the proxy's pooled
 * sessions, which carry every query over HTTP, live through the run.
 */
let benchDatabase: string | undefined;
export function countBenchDatabase(databaseUrl: string) {
  benchDatabase = new URL(databaseUrl).pathname.slice(1) || undefined;
}

export function cpuSnapshot() {
  const start = nodeTicks();
  const workerd = pids(["-P", String(process.pid), "-x", "workerd"]).reduce(
    (t, pid) => t + procTicks(pid),
    0,
  );
  // Only a server on this machine is counted (PGlite runs inside this Node process).
  const local = /@(127\.0\.0\.1|localhost)[:/]/.test(process.env.DATABASE_URL ?? "");
  const pg = local ? pids(["-x", "postgres"]) : [];
  const postmaster = pids(["-o", "-x", "postgres"])[0];
  const postgres = pg.length ? pg.reduce((t, pid) => t + procTicks(pid, pid === postmaster), 0) : Number.NaN;
  const ownBackends = local && benchDatabase ? pids(["-f", `^postgres: .* ${benchDatabase} `]) : [];
  // Per backend, so that one ending inside a window (the proxy closes idle sessions) is not counted as
  // negative time; one that ended between pgrep and the read counts as 0.
  const backends = new Map(ownBackends.map((pid) => [pid, procTicks(pid) || 0]));
  let machineBusy = Number.NaN;
  try {
    const [, ...fields] = readFileSync("/proc/stat", "utf8").split("\n")[0]?.split(/\s+/) ?? [];
    const n = fields.map(Number);
    machineBusy = (n[0] ?? 0) + (n[1] ?? 0) + (n[2] ?? 0) + (n[5] ?? 0) + (n[6] ?? 0);
  } catch {}
  const end = nodeTicks();
  snapshotCost += end - start;
  const snapshot = { workerd, node: end - snapshotCost, postgres, benchDb: Number.NaN, machineBusy };
  if (backends.size) backendTicks.set(snapshot, backends);
  return snapshot;
}
const backendTicks = new WeakMap<object, Map<number, number>>();
export type Cpu = ReturnType<typeof cpuSnapshot>;
export function cpuPerRequest(a: Cpu, b: Cpu, requests: number): Cpu {
  const per = (k: keyof Cpu) => ((b[k] - a[k]) * TICK_MS) / requests;
  // The bench database's backends alive at the end: their time since the start (all of it if newer).
  const before = backendTicks.get(a);
  const after = backendTicks.get(b);
  let benchDb = Number.NaN;
  if (after) {
    benchDb = 0;
    for (const [pid, ticks] of after) benchDb += ticks - (before?.get(pid) ?? 0);
    benchDb = (benchDb * TICK_MS) / requests;
  }
  return {
    workerd: per("workerd"),
    node: per("node"),
    postgres: per("postgres"),
    benchDb,
    machineBusy: per("machineBusy"),
  };
}

/** workerd's resident memory in MiB (Linux /proc), summed over its processes. */
export function workerdRssMiB(): number {
  return pids(["-P", String(process.pid), "-x", "workerd"]).reduce((total, pid) => {
    try {
      const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/);
      return total + Number(line?.[1] ?? 0) / 1024;
    } catch {
      return total;
    }
  }, 0);
}

/**
 * Open file descriptors of workerd, sockets apart from files (each Durable Object's SQLite database and its
 * journal): together bounded by `ulimit -n`.
 */
export function workerdOpenFiles(): { sockets: number; files: number } {
  const count = { sockets: 0, files: 0 };
  for (const pid of pids(["-P", String(process.pid), "-x", "workerd"])) {
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        try {
          if (readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith("socket:")) count.sockets++;
          else count.files++;
        } catch {}
      }
    } catch {}
  }
  return count;
}

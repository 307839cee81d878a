// The Worker's upload as `wrangler deploy` measures it, and its budget. Cloudflare refuses a Worker whose
// compressed upload (its script and Wasm modules; the static assets are uploaded apart) passes the plan's
// limit (3 MB free, 10 MB paid), and a bigger script starts slower in every new isolate: the budget keeps
// the upload well under both, with room to grow from today's figure (docs/benchmarks.md).
import { stripVTControlCharacters } from "node:util";

/** 1.5 MB of gzip, as wrangler reports the upload. */
export const WORKER_GZIP_BUDGET_BYTES = 1_500_000;

const KIB = 1024;

export interface UploadSize {
  bytes: number;
  gzipBytes: number;
}

/** The "Total Upload: 3745.00 KiB / gzip: 1011.99 KiB" line of wrangler's deploy (or dry run), in bytes. */
export function readUploadSize(wranglerOutput: string): UploadSize | null {
  const m = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(stripVTControlCharacters(wranglerOutput));
  if (!m?.[1] || !m[2]) return null;
  return { bytes: Math.round(Number(m[1]) * KIB), gzipBytes: Math.round(Number(m[2]) * KIB) };
}

const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(2)} MB`;

/** One line for the log, and whether the upload is within the budget. */
export function judgeUpload(
  size: UploadSize,
  budget = WORKER_GZIP_BUDGET_BYTES,
): { ok: boolean; line: string } {
  const ok = size.gzipBytes <= budget;
  return {
    ok,
    line: `the Worker's upload: ${mb(size.bytes)}, ${mb(size.gzipBytes)} gzip (${((100 * size.gzipBytes) / budget).toFixed(0)} % of the ${mb(budget)} budget)${ok ? "" : ": over budget"}`,
  };
}

// The delays the site under test runs with (scripts/e2e-server.ts sets them): the spec's angel reply window
// (20-40 s) and typing indicator (5000 ms), shortened so that a chat journey waits seconds, not half a minute.
// The spec's own values are the configuration's defaults (tests/unit/config.test.ts) and the Worker tests
// check that the room keeps to whatever is configured.
export const e2eTiming = {
  typingMs: 1500,
  replyMinMs: 3000,
  replyMaxMs: 3500,
  /** The brain's steps are 10 minutes apart: its schedule stays out of the way of the other tests. */
  brainStepMs: 600_000,
} as const;

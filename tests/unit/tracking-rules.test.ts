// The tracker's URL templates (validated when the configuration is read, filled with encoded values), the
// payout as trackers read it, and the scrub of browser error reports.
import { describe, expect, it } from "vitest";
import { parseConfig } from "../../worker/config";
import { scrub } from "../../worker/contracts/scrub";
import { fillTemplate, payoutText, templateProblem } from "../../worker/tracking/postback-template";

describe("postback templates", () => {
  it("takes an https template with {clickid} and refuses the others, naming why", () => {
    expect(templateProblem("https://t.example/pb?cid={clickid}&p={payout}", false)).toBeNull();
    expect(templateProblem("https://t.example/pb?p={payout}", false)).toMatch(/\{clickid\}/);
    expect(templateProblem("https://t.example/pb?cid={clickid}&x={secret}", false)).toMatch(/unknown/);
    expect(templateProblem("http://t.example/pb?cid={clickid}", false)).toMatch(/https/);
    expect(templateProblem("http://127.0.0.1:9/pb?cid={clickid}", true)).toBeNull();
    expect(templateProblem("https://{clickid}.t.example/pb", false)).toMatch(/host/);
    expect(templateProblem("https://user:pw@t.example/pb?cid={clickid}", false)).toMatch(/credentials/);
  });

  it("fails the configuration on a bad template, naming the brand and not the value", () => {
    const base = {
      APP_ENV: "production",
      DATABASE_URL: "postgres://x",
      JWT_SECRET: "x".repeat(40),
      BRAND_COMPANIES: {},
    };
    expect(() =>
      parseConfig({
        ...base,
        TRACKER_POSTBACK_URLS: JSON.stringify({ amoreitalia: "http://t.example/?cid={clickid}" }),
      }),
    ).toThrow(/TRACKER_POSTBACK_URLS\.amoreitalia must be https/);
    const ok = parseConfig({
      ...base,
      TRACKER_POSTBACK_URLS: JSON.stringify({ amoreitalia: "https://t.example/?cid={clickid}" }),
    });
    expect(ok.tracking.postbackUrls).toEqual({ amoreitalia: "https://t.example/?cid={clickid}" });
  });

  it("encodes every value, so an event's data cannot change where the postback goes", () => {
    const url = fillTemplate("https://t.example/pb?cid={clickid}&e={event}", {
      clickid: "a&b=c/../x",
      event: "sale",
    });
    expect(url).toBe("https://t.example/pb?cid=a%26b%3Dc%2F..%2Fx&e=sale");
    expect(new URL(url).host).toBe("t.example");
  });

  it("writes payouts in units with two decimals, refunds negative", () => {
    expect(payoutText(990)).toBe("9.90");
    expect(payoutText(3990)).toBe("39.90");
    expect(payoutText(-990)).toBe("-9.90");
    expect(payoutText(5)).toBe("0.05");
  });
});

describe("scrubbing a browser's error report", () => {
  it("removes addresses, card and phone numbers, tokens and query strings", () => {
    const text = scrub(
      "Failed for anna.b+x@mail.example card 5555-5555-5555-4444 phone +39 347 123 4567 Bearer abc.def https://it.localhost/autologin?token=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig",
      500,
    );
    expect(text).not.toMatch(/anna|5555|347|abc\.def|eyJ|token=/);
    expect(text).toContain("https://it.localhost/autologin?[query]");
  });

  it("keeps the error's words and bounds the length", () => {
    expect(scrub("TypeError: x is undefined", 100)).toBe("TypeError: x is undefined");
    expect(scrub("a".repeat(10) + " b".repeat(400), 50)).toHaveLength(50);
  });
});

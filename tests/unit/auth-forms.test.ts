import { beforeAll, describe, expect, it } from "vitest";
import {
  CHOICE_FORM,
  FIXED_FORM,
  genderOf,
  loginFailureKey,
  signupFailure,
  signupFormFor,
} from "../../web/features/auth/auth-rules";
import { DEFAULT_LINK_TARGET, decodeRed, safeTarget } from "../../web/features/auth/links";
import { loadCatalogue } from "../../web/i18n/i18n";
import { encodeLinkParam } from "../../worker/contracts/auth";

// A server's message key is checked against the catalogue the page has loaded (the app renders only once it has).
beforeAll(() => loadCatalogue("en"));

describe("the sign-up form of a flow", () => {
  it("is the choice with ages 18-89 on the compliant flow, fixed with 19-98 elsewhere", () => {
    expect(signupFormFor("0000")).toEqual({ genderChoice: true, minAge: 18, maxAge: 89 });
    expect(signupFormFor("7")).toEqual({ genderChoice: false, minAge: 19, maxAge: 98 });
    expect(signupFormFor("unknown")).toBe(FIXED_FORM);
    expect(signupFormFor("0000")).toBe(CHOICE_FORM);
  });

  it("maps the choice 1 woman, 2 man, 0 unset", () => {
    expect(genderOf("1")).toBe("donna");
    expect(genderOf("2")).toBe("uomo");
    expect(genderOf("0")).toBe("");
  });
});

describe("sign-up errors", () => {
  it("show the catalogue's message for each code", () => {
    expect(signupFailure({ code: "1000" })).toEqual({ message: { key: "errore_1000" }, field: "email" });
    expect(signupFailure({ code: "1003", email: "m***o@example.com" }).message).toEqual({
      key: "errore_1003",
      vars: { email: "m***o@example.com" },
    });
    expect(signupFailure({ code: "1004" }).message.key).toBe("errore_email");
    expect(signupFailure({ code: "1005" }).message.key).toBe("errore_1005");
    expect(signupFailure({ code: "1007" }).message.key).toBe("errore_1007");
    expect(signupFailure({ code: "1009", retryAfterS: 240 })).toEqual({
      message: { key: "errore_1009" },
      field: "email",
      activationWaitS: 240,
    });
    expect(signupFailure({ code: "internal" }).message.key).toBe("errore_generico");
  });

  it("1006 shows its message and goes to the other site, only over http(s)", () => {
    expect(signupFailure({ code: "1006", url: "https://amorespana.example/signup" })).toEqual({
      message: { key: "errore_1006" },
      redirect: "https://amorespana.example/signup",
    });
    expect(signupFailure({ code: "1006", url: "javascript:alert(1)" }).redirect).toBeUndefined();
  });

  it("invalid_input names the field and its message key when the catalogue has it", () => {
    expect(signupFailure({ code: "invalid_input", field: "region", messageKey: "errore_citta" })).toEqual({
      message: { key: "errore_citta" },
      field: "region",
    });
    expect(signupFailure({ code: "invalid_input", field: "body", messageKey: "nope" })).toEqual({
      message: { key: "errore_generico" },
    });
  });

  it("login codes show the spec's messages", () => {
    expect(loginFailureKey("1001")).toBe("mail_password_errati");
    expect(loginFailureKey("1008")).toBe("utente_disabilitato");
    expect(loginFailureKey("too_many_attempts")).toBe("troppi_tentativi");
    expect(loginFailureKey(undefined)).toBe("errore_generico");
  });
});

describe("auto-login targets", () => {
  const origin = "http://it.localhost:8787";
  const red = (path: string) => encodeLinkParam(btoa(path));

  it("decode base64 with ~ for / and * for +", () => {
    expect(decodeRed(red("/find"))).toBe("/find");
    // "/chats/1?x=>>>" encodes with "+" and "/" in its base64.
    const target = "/chats/1?x=>>>??";
    expect(btoa(target)).toMatch(/[+/]/);
    expect(decodeRed(red(target))).toBe(target);
  });

  it("are null when missing or not base64", () => {
    expect(decodeRed(null)).toBeNull();
    expect(decodeRed("")).toBeNull();
    expect(decodeRed("not base64!")).toBeNull();
    expect(decodeRed("abcde")).toBeNull();
    expect(decodeRed(btoa("\xff\xfe"))).toBeNull();
  });

  it("are followed only to paths of this site", () => {
    expect(safeTarget("/chats/12?a=1#x", origin)).toBe("/chats/12?a=1#x");
    expect(safeTarget(`${origin}/notifications`, origin)).toBe("/notifications");
    for (const bad of [
      null,
      "https://evil.example/find",
      "//evil.example/find",
      "/\\evil.example",
      "javascript:alert(1)",
      "find",
      "http://es.localhost:8787/find",
      "/autologin?token=x",
    ]) {
      expect(safeTarget(bad, origin), String(bad)).toBe(DEFAULT_LINK_TARGET);
    }
  });
});

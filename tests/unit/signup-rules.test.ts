import { describe, expect, it } from "vitest";
import { invalidSignupFields, type SignupDraft } from "../../worker/contracts/auth";

const good: SignupDraft = {
  email: "mario@example.com",
  password: "secret1",
  eta: 30,
  region: "lazio",
  sono: "uomo",
  cerco: "donna",
  terms1: true,
  terms2: true,
  terms3: true,
  terms4: true,
};

describe("sign-up validation", () => {
  it("accepts a complete form", () => {
    expect(invalidSignupFields(good)).toEqual([]);
  });

  it("lists every bad field in the spec's order", () => {
    const empty: SignupDraft = {
      ...good,
      email: "",
      password: "",
      eta: null,
      region: "",
      sono: "",
      cerco: "",
      terms4: false,
    };
    expect(invalidSignupFields(empty)).toEqual([
      "email",
      "password",
      "eta",
      "region",
      "sono",
      "cerco",
      "terms",
    ]);
  });

  it.each(["mario", "mario@", "@example.com", "mario@example", "mario@@example.com", "mario@example..com"])(
    "rejects the e-mail %s",
    (email) => expect(invalidSignupFields({ ...good, email })).toEqual(["email"]),
  );

  it("ignores spaces in the e-mail, as the payload removes them", () => {
    expect(invalidSignupFields({ ...good, email: " mario @example.com " })).toEqual([]);
  });

  it("applies the form's age range", () => {
    expect(invalidSignupFields({ ...good, eta: 18 }, { min: 19, max: 98 })).toEqual(["eta"]);
    expect(invalidSignupFields({ ...good, eta: 90 }, { min: 18, max: 89 })).toEqual(["eta"]);
    expect(invalidSignupFields({ ...good, eta: 18 }, { min: 18, max: 89 })).toEqual([]);
    // The landers may leave the age out, but not send a wrong one.
    expect(invalidSignupFields({ ...good, eta: null }, { min: 19, max: 98 }, true)).toEqual([]);
    expect(invalidSignupFields({ ...good, eta: 17 }, { min: 19, max: 98 }, true)).toEqual(["eta"]);
    expect(invalidSignupFields({ ...good, eta: null }, { min: 19, max: 98 })).toEqual(["eta"]);
  });
});

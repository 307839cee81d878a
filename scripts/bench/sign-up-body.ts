// The body of POST /users/register for a bench's own member (flow 7), one shape for the browser benches (first
// screen, Lighthouse) that sign a member up through the API: the tests' form with a unique bench address.
import { signUpBody } from "../../tests/fixtures/sign-up-body.ts";

export function benchSignUpBody(label: string, password: string) {
  return signUpBody({
    email: `${label}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 6)}@example.com`,
    password,
    fluxId: "7",
    source: "bench",
  });
}

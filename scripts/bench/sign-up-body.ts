// The body of POST /users/register for a bench's own member (flow 7, a man seeking women in Lombardia), one
// shape for the browser benches (first screen, Lighthouse) that sign a member up through the API.
export function benchSignUpBody(label: string, password: string) {
  return {
    utente: {
      email: `${label}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 6)}@example.com`,
      password,
      eta: 35,
      region: "lombardia",
      sono: "uomo",
      cerco: "donna",
      terms1: true,
      terms2: true,
      terms3: true,
      terms4: true,
      fluxId: "7",
      source: "bench",
    },
  };
}

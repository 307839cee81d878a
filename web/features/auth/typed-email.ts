/**
 * The address typed in the login or forgot-password form, kept while the member goes from one to the other:
 * the forgot-password page opens with what the login form holds, including what was typed there while the
 * page's chunk was on its way (the login form stays on screen meanwhile, and took those keys).
 */
let typed = "";

export const typedEmail = {
  get: () => typed,
  set(value: string) {
    typed = value;
  },
};

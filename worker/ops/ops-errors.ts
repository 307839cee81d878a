import { AppError } from "../core/errors";

/** The console's refusals, each with its stable code. */
export const opsErrors = {
  wrongCredentials: () => new AppError(401, "wrong_credentials", "E-mail or password is wrong."),
  disabled: () => new AppError(403, "operator_disabled", "This operator account is disabled."),
  tooManyFailures: (retryAfterMs: number) =>
    new AppError(429, "too_many_attempts", "Too many failed attempts, try again later.", {
      retryAfterS: Math.max(1, Math.ceil(retryAfterMs / 1000)),
    }),
  forbidden: () => new AppError(403, "forbidden", "Your role may not do this."),
  noConversation: () =>
    new AppError(404, "no_conversation", "No such conversation on a flow answered by operators."),
  taken: (by: string) => new AppError(409, "already_taken", `${by} is already answering this conversation.`),
  capacity: (capacity: number) =>
    new AppError(
      409,
      "at_capacity",
      `You already hold ${capacity} conversations: reply or release one first.`,
    ),
  notHolder: () =>
    new AppError(
      409,
      "not_lease_holder",
      "Take the conversation before replying; your lease may have ended.",
    ),
};

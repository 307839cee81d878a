/**
 * Blurred angel replies (the spec, both documents): free members (premiumLevel 0) see blurred angel
 * messages, and only verified (phone-verified) or premium members read them.
 */
export interface Reader {
  premiumLevel: number;
  verifiedUser: boolean;
}

/** Whether a member may read the text of a blurred message. */
export const canReadBlurred = (reader: Reader): boolean => reader.premiumLevel > 0 || reader.verifiedUser;

/**
 * Whether a new angel reply is stored blurred. The first angel reply of a conversation is always readable
 * (it is the hook that makes the member want the next ones); every later reply to a free member is
 * blurred. Premium members' replies are never blurred. The flag is kept on the message, and whether the
 * reader may see through it is decided at every read, so a member who pays or verifies later reads the
 * old replies too.
 */
export const blurNewReply = (account: { premiumLevel: number }, earlierAngelReplies: number): boolean =>
  account.premiumLevel === 0 && earlierAngelReplies > 0;

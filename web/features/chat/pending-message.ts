/**
 * The pending message (the spec's messaggioPending): the last message refused for credits, restored in
 * its chat's textarea. `messaggioPending` is not one of the spec's local storage keys, so the client keeps it
 * in memory for the tab's life (a reload or logout forgets it); the server keeps its own copy on the
 * account (accounts.messaggio_pending) for the purchase flow, which sends it after a payment.
 */
export interface PendingMessage {
  angelId: number;
  msg: string;
  /** The refused send's id: the room sends the message under it after a purchase. */
  clientId: string;
}

let pending: PendingMessage | null = null;

export const pendingMessage = {
  get: (): PendingMessage | null => pending,
  set(value: PendingMessage | null) {
    pending = value;
  },
};

import type { ServerEvent } from "../../../worker/contracts/realtime";
import type { Room } from "../party";

type Listener = (event: ServerEvent) => void;

/**
 * The member's room from the session's start, while its code (partysocket, the realtime contracts) is still
 * on its way: what the pages send is kept and sent, in order, once `attach` hands it the room, and their
 * subscriptions move over to it. Without it a like, a message or a swipe made before then was lost (the
 * room starts on /find only after the first photos). Once attached it forwards every call; `close` ends both.
 */
export function loadingRoom(): { room: Room; attach(room: Room): void } {
  let real: Room | undefined;
  let closed = false;
  const calls: ((room: Room) => void)[] = [];
  const subscriptions = new Set<{ listener: Listener; off?: () => void }>();
  const later = (call: (room: Room) => void) => {
    if (real) call(real);
    else if (!closed) calls.push(call);
  };
  const room: Room = {
    send: (event) => later((r) => r.send(event)),
    ack: (id, read) => later((r) => r.ack(id, read)),
    startBrain: (data) => later((r) => r.startBrain(data)),
    ownRestart: (on) => later((r) => r.ownRestart(on)),
    subscribe(listener) {
      const subscription: { listener: Listener; off?: () => void } = {
        listener,
        off: real?.subscribe(listener),
      };
      subscriptions.add(subscription);
      return () => {
        subscriptions.delete(subscription);
        subscription.off?.();
      };
    },
    close() {
      closed = true;
      calls.length = 0;
      real?.close();
    },
  };
  const attach = (next: Room) => {
    if (closed) return next.close();
    real = next;
    for (const subscription of subscriptions) subscription.off = next.subscribe(subscription.listener);
    for (const call of calls.splice(0)) call(next);
  };
  return { room, attach };
}

import { type Connection, type ConnectionContext, Server } from "partyserver";
import type { Balances } from "../worker/contracts/credits";
import { parseCursor } from "../worker/contracts/cursor";
import {
  ClientEvent,
  encodeEvent,
  OLD_SOCKET_CLOSE_CODE,
  parseFrame,
  SESSION_ENDED_CLOSE_CODE,
} from "../worker/contracts/realtime";
import {
  afterPurchase,
  handleFrame,
  type MemberRoomCalls,
  operatorReply,
  purchaseFailed,
  type RenewalOutcome,
  type RoomHost,
  renewalOutcome,
  replayMissed,
  roomHost,
  runDueSteps,
  type SessionEndReason,
  sessionsEnded,
} from "../worker/realtime/handlers";

const TAB_PATTERN = /^[\w-]{8,64}$/;

/** What the room keeps with a tab's socket: whether its page is visible (until it says, it is not). */
type TabState = { visible: boolean };

/**
 * The room of one member (named by the member's clickid): it holds all of that member's open tabs, parses
 * their frames and hands each to its feature's handler (worker/realtime/handlers.ts), with the alarm queue
 * that delivers angel replies, likes back, visits and the brain's steps at their time. The room hibernates:
 * what it must remember is in its storage; its memory only saves reads.
 */
export class UserRoom extends Server<Cloudflare.Env> implements MemberRoomCalls {
  static options = { hibernate: true };
  protected readonly memory = new Map<string, unknown>();

  /** What the handlers of one frame, alarm or call work through; `connection` is the tab that sent it. */
  protected host(connection?: Connection): RoomHost {
    return roomHost({
      name: this.name,
      env: this.env,
      storage: this.ctx.storage,
      broadcast: (text) => this.broadcast(text),
      // A tab whose socket closed meanwhile (a logout's endSessions, a page gone) hears nothing; send would throw.
      reply: (text) => {
        if (connection?.readyState === WebSocket.OPEN) connection.send(text);
      },
      memory: this.memory,
      // Each socket keeps its page's visibility in its state, which partyserver keeps through hibernation.
      tabVisible: () =>
        [...this.getConnections<TabState>()].some(
          (c) => c.readyState === WebSocket.OPEN && c.state?.visible === true,
        ),
      setTabVisible: (visible) => connection?.setState({ visible }),
    });
  }

  /** A page's connections are tagged with its tab id, so its reconnection can replace a stale socket. */
  getConnectionTags(_connection: Connection, ctx: ConnectionContext): string[] {
    const tab = new URL(ctx.request.url).searchParams.get("tab");
    return tab && TAB_PATTERN.test(tab) ? [`tab:${tab}`] : [];
  }

  async onConnect(connection: Connection, ctx: ConnectionContext) {
    const params = new URL(ctx.request.url).searchParams;
    const tab = params.get("tab");
    if (tab && TAB_PATTERN.test(tab)) {
      // The same page reconnected while the room still holds its old socket: the old one goes.
      for (const old of this.getConnections(`tab:${tab}`)) {
        if (old.id === connection.id) continue;
        old.send(encodeEvent({ event: "oldSocketRemoved", data: {} }));
        old.close(OLD_SOCKET_CLOSE_CODE, "oldSocketRemoved");
      }
    }
    // A client that reconnects says which message and notification it saw last; it gets what came after.
    const after = parseCursor(params.get("after"));
    const nafter = parseCursor(params.get("nafter"));
    if (after || nafter) await replayMissed(this.host(connection), { after, nafter });
  }

  async onMessage(connection: Connection, raw: string | ArrayBuffer | ArrayBufferView) {
    const frame = parseFrame(ClientEvent, raw);
    if (!frame) connection.send(encodeEvent({ event: "error", data: { code: "invalid_event" } }));
    else await handleFrame(this.host(connection), frame);
  }

  onAlarm() {
    return runDueSteps(this.host());
  }

  async endSessions(reason: SessionEndReason) {
    this.broadcast(encodeEvent({ event: "restart", data: { reason } }));
    for (const connection of this.getConnections()) connection.close(SESSION_ENDED_CLOSE_CODE, reason);
    await sessionsEnded(this.host());
  }

  afterPurchase(granted: Balances & { premiumLevel: number }) {
    return afterPurchase(this.host(), granted);
  }

  purchaseFailed(message: string) {
    return purchaseFailed(this.host(), message);
  }

  renewalOutcome(outcome: RenewalOutcome) {
    return renewalOutcome(this.host(), outcome);
  }

  sendAngelReply(input: Parameters<MemberRoomCalls["sendAngelReply"]>[0]) {
    return operatorReply(this.host(), input);
  }

  async forget() {
    for (const connection of this.getConnections())
      connection.close(SESSION_ENDED_CLOSE_CODE, "account_deleted");
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
  }
}

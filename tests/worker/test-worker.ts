// The Worker under test: the production entry, with the member's room replaced by a subclass that can fail
// on purpose (as partyserver's own tests subclass their servers). wrangler.toml binds "UserRoom" to the
// export of that name.
import { DurableObject } from "cloudflare:workers";
import type { Connection } from "partyserver";
import { UserRoom } from "../../party/user-room";
import type { RoomHost } from "../../worker/realtime/handlers";
import { relayDatabase } from "../fixtures/frozen-database";

export { default, OpsDesk, RateLimiter } from "../../worker/index";

/** A Postgres address where nothing listens (port 9, discard): connections are refused at once. */
export const UNREACHABLE_DATABASE_URL = "postgres://nobody:nothing@127.0.0.1:9/nowhere";

export class TestUserRoom extends UserRoom {
  /**
   * The next n deliveries of a queue step (a chat message or a notification to the member's tabs) fail: the
   * step fails after its database work and before its delivery, as a crash at the worst moment would.
   */
  failStepDeliveries = 0;
  /** The next n frames find no database, as an outage would. */
  failDatabase = 0;
  /** The next n frames find the database's address unreachable: the driver's own connection failure. */
  unreachableDatabase = 0;
  /** Every frame, alarm and call finds the database's address unreachable until this is cleared: an outage. */
  databaseDown = false;
  /**
   * Every frame, alarm and call uses the database through the tests' relay (with short waits) until this is
   * cleared: the outage tests freeze the relay.
   */
  frozenDatabase = false;

  /** What the room kept in memory is gone, as after an eviction or a restart; its storage stays. */
  forgetMemory() {
    this.memory.clear();
  }

  private runningAlarm = false;
  /** Frames whose handlers have not finished yet. */
  private framesInFlight = 0;
  private idleWaiters: (() => void)[] = [];

  override async onAlarm() {
    this.runningAlarm = true;
    try {
      await super.onAlarm();
    } finally {
      this.runningAlarm = false;
      this.wakeIdleWaiters();
    }
  }

  override async onMessage(connection: Connection, raw: string | ArrayBuffer | ArrayBufferView) {
    this.framesInFlight++;
    try {
      await super.onMessage(connection, raw);
    } finally {
      this.framesInFlight--;
      this.wakeIdleWaiters();
    }
  }

  /** Resolves once no frame handler and no alarm is running: what they did is stored and sent. */
  settled(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private isIdle() {
    return this.framesInFlight === 0 && !this.runningAlarm;
  }

  private wakeIdleWaiters() {
    if (this.isIdle()) for (const wake of this.idleWaiters.splice(0)) wake();
  }

  override broadcast(message: string, without?: string[]) {
    const delivery = /^\{"event":"(chat|notification)"/.test(message);
    if (this.runningAlarm && delivery && this.failStepDeliveries > 0) {
      this.failStepDeliveries--;
      throw new Error("test: the delivery failed");
    }
    super.broadcast(message, without);
  }

  protected override host(connection?: Connection): RoomHost {
    const host = super.host(connection);
    if (this.frozenDatabase) return { ...host, config: { ...host.config, database: relayDatabase } };
    if (this.databaseDown || this.unreachableDatabase > 0) {
      if (!this.databaseDown) this.unreachableDatabase--;
      const database = { ...host.config.database, url: UNREACHABLE_DATABASE_URL };
      return { ...host, config: { ...host.config, database } };
    }
    if (this.failDatabase <= 0) return host;
    this.failDatabase--;
    // The frame's first query finds no database (the room opens its pool on first use).
    const config = {
      ...host.config,
      get database(): never {
        throw new Error("test: database unavailable");
      },
    };
    return { ...host, config };
  }
}

export { TestUserRoom as UserRoom };

/** A bare Durable Object for the alarm queue's own tests: its alarm does nothing, the tests run the queue. */
export class QueueProbe extends DurableObject {
  async alarm() {}
}

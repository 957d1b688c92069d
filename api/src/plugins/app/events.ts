import fp from 'fastify-plugin';
import { z } from 'zod';
import type { ServerResponse } from 'node:http';
import type { WalletEvent } from '@wallet/shared/contracts';
import { poishaToTaka } from '@wallet/shared/money';
import type { DatabaseHandle } from '../../db/client';

/** The channel the database announces changed wallets on (src/ledger/sql/wallet_notify.sql). */
const WALLET_CHANNEL = 'wallet_events';
/** A comment line every so often: proxies and browsers keep a quiet stream open, and the session is checked again. */
const PING_MS = 15_000;
/** A stream whose client reads slower than this much unsent data is closed (it reconnects and refetches). */
const MAX_UNSENT_BYTES = 256 * 1024;

/**
 * What wallet_notify (src/ledger/sql/wallet_notify.sql) sends, read here and nowhere else: a
 * payload of another shape is refused by this schema (and test/events.test.ts, which follows
 * real movements to the stream, fails).
 */
const walletNotificationSchema = z.object({
  w: z.uuid(),
  u: z.uuid(),
  t: z.uuid().nullable(),
  b: z.string().regex(/^-?\d+$/),
  k: z.boolean(),
});

function toWalletEvent(payload: string): { userId: string; event: WalletEvent } {
  const note = walletNotificationSchema.parse(JSON.parse(payload));
  return {
    userId: note.u,
    event: {
      wallet: { _id: note.w, userId: note.u, balance: poishaToTaka(BigInt(note.b)), isBlocked: note.k },
      ...(note.t ? { transactionId: note.t } : {}),
    },
  };
}

class WalletEvents {
  private readonly streams = new Map<string, Set<ServerResponse>>();
  private listening: Promise<() => Promise<void>> | undefined;
  private closing = false;
  /** Lowered only by tests. */
  pingMs = PING_MS;

  constructor(private readonly database: Pick<DatabaseHandle, 'listen'>) {}

  /** One LISTEN per API instance, opened with the first stream and kept. */
  ready() {
    if (!this.listening) {
      // After a dropped LISTEN connection came back, events may have been missed: every stream is
      // ended, so its client reconnects and fetches afresh.
      const opening = this.database.listen(
        WALLET_CHANNEL,
        (payload) => this.deliver(payload),
        () => this.endStreams(),
      );
      opening.catch(() => {
        if (this.listening === opening) this.listening = undefined;
      });
      this.listening = opening;
    }
    return this.listening;
  }

  get closed() {
    return this.closing;
  }

  /**
   * Sends the person's wallet events to `stream` until it ends, and a ping every `pingMs` while
   * `stillAllowed` holds (a session that ended, by logout or expiry, ends its streams there).
   */
  add(userId: string, stream: ServerResponse, stillAllowed: () => Promise<boolean>) {
    let mine = this.streams.get(userId);
    if (!mine) this.streams.set(userId, (mine = new Set()));
    mine.add(stream);
    const ping = setInterval(() => {
      void stillAllowed().then(
        (allowed) => (allowed ? WalletEvents.write(stream, ': ping\n\n') : stream.end()),
        () => stream.end(),
      );
    }, this.pingMs);
    ping.unref();
    stream.once('close', () => {
      clearInterval(ping);
      mine.delete(stream);
      if (mine.size === 0 && this.streams.get(userId) === mine) this.streams.delete(userId);
    });
  }

  /** How many streams of this person this instance holds open. */
  openStreams(userId: string) {
    return this.streams.get(userId)?.size ?? 0;
  }

  static write(stream: ServerResponse, text: string) {
    if (stream.writableEnded || stream.destroyed) return;
    if (stream.writableLength > MAX_UNSENT_BYTES) {
      stream.destroy();
      return;
    }
    stream.write(text);
  }

  private deliver(payload: string) {
    let parsed: ReturnType<typeof toWalletEvent>;
    try {
      parsed = toWalletEvent(payload);
    } catch {
      return;
    }
    const streams = this.streams.get(parsed.userId);
    if (!streams) return;
    const message = `event: wallet\ndata: ${JSON.stringify(parsed.event)}\n\n`;
    for (const stream of streams) WalletEvents.write(stream, message);
  }

  /** Ends every open stream (shutdown must not wait for clients that never hang up), then stops listening. */
  private endStreams() {
    for (const streams of this.streams.values()) for (const stream of streams) stream.end();
    this.streams.clear();
  }

  async close() {
    this.closing = true;
    this.endStreams();
    const stop = await this.listening?.catch(() => undefined);
    this.listening = undefined;
    await stop?.();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    walletEvents: WalletEvents;
  }
}

export const eventsPlugin = fp<{ database: Pick<DatabaseHandle, 'listen'> }>(async (app, { database }) => {
  const events = new WalletEvents(database);
  app.decorate('walletEvents', events);
  // Before the server stops accepting and waits for its connections: open streams would hold it.
  app.addHook('preClose', async () => events.close());
});

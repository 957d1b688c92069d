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
  h: z.string().regex(/^\d+$/),
  k: z.boolean(),
  n: z.number().int().nonnegative(),
});

function toWalletEvent(payload: string): { userId: string; event: WalletEvent } {
  const note = walletNotificationSchema.parse(JSON.parse(payload));
  return {
    userId: note.u,
    event: {
      wallet: {
        _id: note.w,
        userId: note.u,
        balance: poishaToTaka(BigInt(note.b)),
        available: poishaToTaka(BigInt(note.b) - BigInt(note.h)),
        held: poishaToTaka(BigInt(note.h)),
        isBlocked: note.k,
      },
      ...(note.t ? { transactionId: note.t } : {}),
      unread: note.n,
    },
  };
}

/** Whose session a stream lives on, checked again at every ping. */
interface OpenStream {
  response: ServerResponse;
  userId: string;
  tokenHash: string;
}

/**
 * The people behind live sessions among `tokenHashes`, by token hash: one query for every stream
 * an instance holds, however many (identity/sessions.ts liveSessionPeople).
 */
export type SessionCheck = (tokenHashes: string[]) => Promise<Map<string, { userId: string; role: string }>>;

/** Only a wallet's owner has a stream: an admin has no wallet. */
export const STREAM_ROLES = ['USER', 'AGENT'] as const;

/** At most this many streams per person on one instance: a new one closes the oldest. */
const STREAMS_PER_PERSON = 5;
/** What a stream closed for a newer one of the same person is told: wait this long before coming back. */
const EVICTED_RETRY_MS = 60_000;
/** What a stream ended by a shutdown or a lost LISTEN is told: come back after this long. */
const RECONNECT_HINT_MS = 1_000;

class WalletEvents {
  private readonly streams = new Map<string, Set<OpenStream>>();
  /** Open streams per client network (`clientNetwork`). */
  private readonly perNetwork = new Map<string, number>();
  private listening: Promise<() => Promise<void>> | undefined;
  private closing = false;
  private pinger: ReturnType<typeof setInterval> | undefined;
  /** Lowered only by tests. */
  pingMs = PING_MS;

  constructor(
    private readonly database: Pick<DatabaseHandle, 'listen'>,
    private readonly checkSessions: SessionCheck,
    /** Streams this instance holds at most, everyone's (EVENT_STREAMS_MAX). */
    readonly maxStreams: number,
    /** Streams this instance holds at most from one network (EVENT_STREAMS_PER_NETWORK). */
    readonly maxPerNetwork: number,
  ) {}

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

  /** Whether this instance holds as many streams as it may. */
  get full() {
    return this.totalStreams() >= this.maxStreams;
  }

  /**
   * Whether this instance holds as many streams from `network` as it may. A person's own streams
   * there do not count against it: a sixth replaces their oldest rather than adding one.
   */
  networkFull(network: string, userId: string) {
    if ((this.streams.get(userId)?.size ?? 0) >= STREAMS_PER_PERSON) return false;
    return (this.perNetwork.get(network) ?? 0) >= this.maxPerNetwork;
  }

  /**
   * Sends the person's wallet events to `response` until it ends. A person holds at most
   * STREAMS_PER_PERSON here: the oldest is closed with an `evicted` event that asks its client to
   * wait EVICTED_RETRY_MS before it comes back. Every `pingMs` one query checks the sessions of
   * all streams: a stream whose session ended (logout, expiry) or whose person may no longer
   * stream is closed, every other one pinged.
   */
  add(userId: string, response: ServerResponse, tokenHash: string, network: string) {
    let mine = this.streams.get(userId);
    if (!mine) this.streams.set(userId, (mine = new Set()));
    while (mine.size >= STREAMS_PER_PERSON) {
      const oldest = mine.values().next().value!;
      mine.delete(oldest);
      WalletEvents.write(
        oldest.response,
        `event: evicted\ndata: ${JSON.stringify({ reason: 'too many streams', retryAfterMs: EVICTED_RETRY_MS })}\n\n`,
      );
      oldest.response.end();
    }
    const stream = { response, userId, tokenHash };
    mine.add(stream);
    this.perNetwork.set(network, (this.perNetwork.get(network) ?? 0) + 1);
    response.once('close', () => {
      const left = this.perNetwork.get(network)! - 1;
      if (left > 0) this.perNetwork.set(network, left);
      else this.perNetwork.delete(network);
      mine.delete(stream);
      if (mine.size === 0 && this.streams.get(userId) === mine) this.streams.delete(userId);
      if (this.streams.size === 0) this.stopPinging();
    });
    if (!this.pinger) {
      this.pinger = setInterval(() => void this.ping(), this.pingMs);
      this.pinger.unref();
    }
  }

  private stopPinging() {
    clearInterval(this.pinger);
    this.pinger = undefined;
  }

  /** One session check for every stream, then a ping to each still allowed and the end of the rest. */
  private async ping() {
    const open = [...this.streams.values()].flatMap((streams) => [...streams]);
    if (open.length === 0) return;
    let live: Map<string, { userId: string; role: string }>;
    try {
      live = await this.checkSessions([...new Set(open.map((stream) => stream.tokenHash))]);
    } catch {
      // The database is away: the streams stay, and the next tick checks again.
      return;
    }
    for (const stream of open) {
      const person = live.get(stream.tokenHash);
      if (person?.userId === stream.userId && (STREAM_ROLES as readonly string[]).includes(person.role)) {
        WalletEvents.write(stream.response, ': ping\n\n');
      } else {
        stream.response.end();
      }
    }
  }

  /** How many streams this instance holds open, everyone's. */
  totalStreams() {
    let count = 0;
    for (const streams of this.streams.values()) count += streams.size;
    return count;
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
    for (const stream of streams) WalletEvents.write(stream.response, message);
  }

  /**
   * Ends every open stream (shutdown must not wait for clients that never hang up), each told to
   * come back in a second (`reconnect`), through the proxy to an instance that is not going away.
   */
  private endStreams() {
    const hint = `event: reconnect\ndata: ${JSON.stringify({ retryAfterMs: RECONNECT_HINT_MS })}\n\n`;
    for (const streams of this.streams.values()) {
      for (const stream of streams) {
        WalletEvents.write(stream.response, hint);
        stream.response.end();
      }
    }
    this.streams.clear();
    this.stopPinging();
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

export const eventsPlugin = fp<{
  database: Pick<DatabaseHandle, 'listen'>;
  checkSessions: SessionCheck;
}>(async (app, { database, checkSessions }) => {
  const events = new WalletEvents(
    database,
    checkSessions,
    app.config.eventStreamsMax,
    app.config.eventStreamsPerNetwork,
  );
  app.decorate('walletEvents', events);
  // Before the server stops accepting and waits for its connections: open streams would hold it.
  app.addHook('preClose', async () => events.close());
});

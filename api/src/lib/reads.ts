import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';

/**
 * A heavy read (a statement, analytics, a history list, a search, the audit log) on a standby
 * that has caught up with every write acknowledged before it began, or on the leader
 * (db/client.ts `reading`): the person reads their own latest movement on any instance.
 */
export async function freshRead<T>(app: FastifyInstance, work: (db: Database) => Promise<T>): Promise<T> {
  const session = await app.database.reading();
  try {
    return await work(session.db);
  } finally {
    session.release();
  }
}

/**
 * The same for a read that outlives its handler (a statement streamed batch by batch): the
 * connection is given back once the response is done, or when `items` ends, whichever comes first.
 */
export async function freshStream<T extends { batches: AsyncGenerator<B> }, B>(
  app: FastifyInstance,
  response: { once(event: 'close', listener: () => void): unknown },
  open: (db: Database) => Promise<T>,
): Promise<T> {
  const session = await app.database.reading();
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    session.release();
  };
  let opened: T;
  try {
    opened = await open(session.db);
  } catch (error) {
    release();
    throw error;
  }
  response.once('close', release);
  async function* releasedAfter(items: AsyncGenerator<B>) {
    try {
      yield* items;
    } finally {
      release();
    }
  }
  return { ...opened, batches: releasedAfter(opened.batches) };
}

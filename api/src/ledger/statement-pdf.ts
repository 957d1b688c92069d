import { on } from 'node:events';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Language } from '@wallet/shared/contracts';
import { maskEmail } from '../lib/search';
import type { StatementSource } from './statement';
import type { FromWorker, ToWorker } from './statement-pdf-worker';

/**
 * The worker's file: beside this one when it runs from its sources under a TypeScript loader (the
 * worker inherits the loader), or beside dist/server.js, where the build puts it, in production.
 */
const WORKER_FILE = __filename.endsWith('.ts')
  ? path.join(__dirname, 'statement-pdf-worker.ts')
  : path.join(__dirname, 'statement-pdf-worker.js');

/**
 * At most one drawing thread per core in an instance: a statement asked for beyond that waits for
 * one to finish (the per-person limit bounds how many can wait).
 */
const MAX_DRAWING = availableParallelism();
const WORKER_HEAP_MB = 192;
let drawing = 0;
const waiting: (() => void)[] = [];

async function takeThread() {
  if (drawing >= MAX_DRAWING) await new Promise<void>((resolve) => waiting.push(resolve));
  drawing += 1;
}

/** Statements being drawn in this instance now. */
export const statementsDrawing = () => drawing;

function releaseThread() {
  drawing -= 1;
  waiting.shift()?.();
}

/**
 * A statement as a PDF, in `language`, its bytes yielded as they are drawn. The lines are read
 * here (the database is this thread's) a batch at a time, and drawn in a worker thread, one batch
 * ahead at most. A reader who goes away ends the worker.
 */
export async function* pdfStatement(statement: StatementSource, language: Language, site: string) {
  await takeThread();
  const worker = new Worker(WORKER_FILE, {
    // A statement's drawing holds a page and a batch of lines (its heap stays under 100 MB at 20,000
    // lines); the cap keeps a thread's collector from letting it grow further.
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    workerData: {
      language,
      name: statement.owner.name,
      email: maskEmail(statement.owner.email),
      walletId: statement.walletId,
      from: statement.from,
      to: statement.to,
      now: statement.now.toISOString(),
      opening: statement.opening,
      site,
    },
  });
  const messages = on(worker, 'message', { close: ['exit'] }) as AsyncIterableIterator<[FromWorker]>;
  const send = (message: ToWorker) => worker.postMessage(message);
  /** The bytes the worker sends until it says `until`. */
  async function* bytesUntil(until: 'drawn' | 'done') {
    // Read with next(), not for-await: leaving a for-await loop would close the iterator.
    for (let next = await messages.next(); !next.done; next = await messages.next()) {
      const [message] = next.value;
      if (message.type === 'bytes')
        yield Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength);
      else if (message.type === until) return;
    }
    throw new Error('The statement worker stopped before its statement was done');
  }
  try {
    for await (const lines of statement.batches) {
      send({ type: 'lines', lines });
      yield* bytesUntil('drawn');
    }
    send({ type: 'end', totals: statement.totals });
    yield* bytesUntil('done');
  } finally {
    releaseThread();
    await worker.terminate();
  }
}

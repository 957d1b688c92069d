import { parentPort, workerData } from 'node:worker_threads';
import type { StatementLine, StatementTotals } from './statement';
import { StatementPdf, type StatementPdfHeader } from './statement-pdf-layout';

/**
 * The worker thread that draws one statement's PDF (statement-pdf.ts starts it). It receives the
 * statement's lines a batch at a time and answers each batch with the bytes it made of it, then
 * `drawn`; after `end`, with the last bytes and `done`. So the file streams out as the lines are
 * read, and neither side holds more than a batch.
 */
export type ToWorker = { type: 'lines'; lines: StatementLine[] } | { type: 'end'; totals: StatementTotals };
export type FromWorker = { type: 'bytes'; bytes: Uint8Array } | { type: 'drawn' } | { type: 'done' };

const port = parentPort!;
let pending: Buffer[] = [];
const pdf = StatementPdf.create(workerData as StatementPdfHeader, (chunk) => pending.push(chunk));

/** The bytes written so far, as one message, its buffer moved rather than copied. */
function flush() {
  if (pending.length === 0) return;
  const bytes = new Uint8Array(Buffer.concat(pending));
  pending = [];
  port.postMessage({ type: 'bytes', bytes } satisfies FromWorker, [bytes.buffer]);
}

async function handle(message: ToWorker) {
  const statement = await pdf;
  if (message.type === 'lines') {
    statement.lines(message.lines);
    // pdfkit hands its bytes over on the next turn of the loop.
    await new Promise((resolve) => setImmediate(resolve));
    flush();
    port.postMessage({ type: 'drawn' } satisfies FromWorker);
  } else {
    await statement.end(message.totals);
    flush();
    port.postMessage({ type: 'done' } satisfies FromWorker);
  }
}

// Messages are handled one after another, in order. A failure is left unhandled: it ends the
// thread, and the parent, seeing the error, ends the response.
let queue = Promise.resolve();
port.on('message', (message: ToWorker) => {
  queue = queue.then(() => handle(message));
});

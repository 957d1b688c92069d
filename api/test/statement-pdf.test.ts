import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { execFileSync } from 'node:child_process';
import { request } from 'node:http';
import { setTimeout } from 'node:timers/promises';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { asciiDigits } from '@wallet/shared/money';
import { STATEMENT_WORDS } from '../src/ledger/statement-pdf-layout';
import { STATEMENT_BATCH } from '../src/ledger/statement';
import { statementsDrawing } from '../src/ledger/statement-pdf';
import { createTestContext, loaderDatabase, type Person, type TestContext } from './helpers';
import { seedMovements } from './seed-movements';

/**
 * The statement as a PDF (issue 47): what poppler's pdftotext reads from it, in English and in
 * Bangla, against the CSV of the same period. pdftotext is poppler-utils' (scripts/system-deps.sh).
 */
let t: TestContext;
let folder: string;
before(async () => {
  t = await createTestContext();
  folder = mkdtempSync(path.join(tmpdir(), 'statement-pdf-'));
});
after(async () => {
  rmSync(folder, { recursive: true, force: true });
  await t.close();
});

const today = new Date().toISOString().slice(0, 10);

async function statement(person: Person, format: 'csv' | 'pdf', headers: Record<string, string> = {}) {
  return t.inject({
    method: 'GET',
    url: `/api/v1/transaction/me/statement?from=${today}&to=${today}&format=${format}`,
    cookie: person.cookie,
    headers,
  });
}

/** The PDF's text as pdftotext lays it out (-layout: a line of the page is a line of text). */
function textOf(pdf: Buffer, name: string) {
  const file = path.join(folder, `${name}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

/** The figures of a line of text, read as numbers of poisha whatever their digits. */
const figures = (line: string) =>
  [...asciiDigits(line).matchAll(/[-\u2212]?\d[\d,]*\.\d\d/g)].map((match) =>
    Math.round(Number(match[0].replace(/,/g, '').replace('\u2212', '-')) * 100),
  );

describe('statement as PDF (GET /transaction/me/statement?format=pdf)', () => {
  let owner: Person;
  let agent: Person;
  let csv: string[][];
  before(async () => {
    owner = await t.user('Rupa রূপা Statement');
    agent = await t.agent('Agent আলম');
    const other = await t.user('Karim করিম');
    expect((await t.post('/wallet/deposit', owner, { balance: 12345.67 })).statusCode).toBe(201);
    expect((await t.post('/wallet/transfer', owner, { receiverId: other.id, balance: 250.5 })).statusCode).toBe(201);
    expect((await t.post('/agent/cash-out', owner, { agentId: agent.id, balance: 1000 })).statusCode).toBe(201);
    const response = await statement(owner, 'csv');
    csv = response.body.split('\r\n').map((line) => line.split(','));
  });

  it("should print the CSV's lines and totals in Bangla, as the request asks, copying out as the right Unicode", async () => {
    const response = await statement(owner, 'pdf', { 'accept-language': 'bn-BD,bn;q=0.9' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="statement-${today}-${today}.pdf"`);
    expect(response.headers['cache-control']).toBe('no-store');
    const text = textOf(response.rawPayload, 'bn');
    const lines = text.split('\n');
    const line = (label: string) => lines.find((each) => each.includes(label)) ?? '';
    const lastLine = (label: string) => lines.findLast((each) => each.includes(label)) ?? '';

    // The header: the words in order, the name as given, the email masked, the period and its days.
    const words = STATEMENT_WORDS.bn;
    expect(text).toMatch(
      new RegExp(
        [
          words['statement.title'],
          `${words['statement.name']}\\s+Rupa রূপা Statement`,
          `${words['statement.email']}\\s+ru\\*\\*\\*@`,
          `${words['statement.wallet']}\\s+${owner.walletId}`,
          words['statement.period'],
          `${words['statement.timeZone']}\\s+ইউটিসি`,
          words['statement.generatedAt'],
          `${words['statement.openingBalance']}\\s+০\\.০০`,
        ].join('[^]*'),
      ),
    );
    // Pre-base vowel signs come out after their consonant (ActualText), in labels and in names.
    expect(text).toContain('তৈরির সময়');
    expect(text).toContain('ক্যাশ আউট ফি');
    expect(text).toContain('করিম');
    // Lines in time order, with Bangla digits and lakh groups, the fee on a line of its own.
    const order = ['বোনাস', 'জমা', 'সেন্ড মানি', 'ক্যাশ আউট', 'ক্যাশ আউট ফি'].map((label) =>
      lines.findIndex((each) => new RegExp(`\\s${label}\\s{2}`).test(each)),
    );
    expect(order.every((index, i) => index > 0 && (i === 0 || index > order[i - 1]!))).toBe(true);
    expect(line('জমা  ')).toContain('১২,৩৪৫.৬৭');
    // Every running balance is the CSV's, line for line.
    const csvLines = csv.slice(9, -2);
    const pdfBalances = order.map((index) => figures(lines[index]!).at(-1));
    expect(pdfBalances).toEqual(csvLines.map((fields) => Math.round(Number(fields.at(-1)) * 100)));

    // The totals equal the CSV's closing line.
    const closing = csv
      .at(-2)!
      .slice(-3)
      .map((figure) => Math.round(Number(figure) * 100));
    expect(figures(lastLine(words['statement.moneyIn']!))).toEqual([closing[0]]);
    expect(figures(lastLine(words['statement.moneyOut']!))).toEqual([closing[1]]);
    expect(figures(lastLine(words['statement.closingBalance']!))).toEqual([closing[2]]);
    // The footer: how to check it with us, and the page's number, with no total.
    expect(text).toMatch(/যাচাই করতে http:\/\/localhost[^]*পৃষ্ঠা ১\n/);
    expect(text).not.toMatch(/পৃষ্ঠা ১ \//);
  });

  it('should print English for an English request, with the same figures', async () => {
    const response = await statement(owner, 'pdf', { 'accept-language': 'en-GB' });
    const text = textOf(response.rawPayload, 'en');
    expect(text).toMatch(/Wallet statement[^]*Name\s+Rupa রূপা Statement[^]*Time zone\s+UTC: each day runs from 00:00/);
    expect(text).toMatch(/Cash-out fee\s+Agent আলম\s+18\.50/);
    expect(text).toMatch(/Deposit\s+12,345\.67\s+12,395\.67/);
    const closing = csv
      .at(-2)!
      .slice(-3)
      .map((figure) => Math.round(Number(figure) * 100));
    expect(
      figures(text.split('\n').find((each) => each.includes('Closing balance') && !each.includes('Opening'))!),
    ).toEqual([closing[2]]);
    expect(text).toMatch(/Page 1\n/);
  });

  it('should turn pages as the lines fill them, numbering each, over more than one batch of rows', async () => {
    const busy = await t.user('Busy Statement');
    const other = await t.user('Other Statement');
    const loader = await loaderDatabase(t.database);
    try {
      await seedMovements(loader.db, busy, other, STATEMENT_BATCH + 100);
    } finally {
      await loader.close();
    }
    const url = '/api/v1/transaction/me/statement?from=2023-12-31&to=2024-01-04';
    const [pdf, csvText] = [
      await t.inject({
        method: 'GET',
        url: `${url}&format=pdf`,
        cookie: busy.cookie,
        headers: { 'accept-language': 'en' },
      }),
      (await t.inject({ method: 'GET', url, cookie: busy.cookie })).body,
    ];
    const text = textOf(pdf.rawPayload, 'pages');
    const pages = text.split('\f').filter((page) => page.trim() !== '');
    expect(pages.length).toBeGreaterThan(30);
    pages.forEach((page, index) => expect(page).toMatch(new RegExp(`Page ${index + 1}\\n`)));
    // Each page's table starts with the columns' heads.
    expect(pages.every((page) => /Type\s+Counterpart\s+Money in\s+Money out\s+Balance/.test(page))).toBe(true);
    // Every line is there, with the CSV's running balance, and the totals are the CSV's.
    const csvLines = csvText.split('\r\n').map((line) => line.split(','));
    const balances = [...text.matchAll(/^.*(?:Transfer|Deposit)\s.*$/gm)].map((match) => figures(match[0]).at(-1));
    expect(balances).toHaveLength(STATEMENT_BATCH + 100);
    expect(balances).toEqual(csvLines.slice(9, -2).map((fields) => Math.round(Number(fields.at(-1)) * 100)));
    const summary = text.slice(text.lastIndexOf('Summary'));
    expect(figures(summary)).toEqual(
      [csvLines[6]!.at(-1)!, ...csvLines.at(-2)!.slice(-3)].map((figure) => Math.round(Number(figure) * 100)),
    );

    // A reader who leaves after the first bytes ends the drawing thread.
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    await new Promise<void>((resolve, reject) => {
      const asked = request(`${origin}${url}&format=pdf`, { headers: { cookie: `${t.sessionCookie}=${busy.cookie}` } });
      asked.on('response', (response) => {
        expect(response.statusCode).toBe(200);
        response.once('data', () => {
          expect(statementsDrawing()).toBe(1);
          asked.destroy();
          resolve();
        });
      });
      asked.on('error', reject);
      asked.end();
    });
    for (let waited = 0; statementsDrawing() > 0 && waited < 5000; waited += 20) await setTimeout(20);
    expect(statementsDrawing()).toBe(0);

    // More statements at once than the instance has cores: one drawing thread per core, the rest
    // wait their turn, and every one arrives whole.
    const asked = availableParallelism() + 1;
    let most = 0;
    const watching = setInterval(() => (most = Math.max(most, statementsDrawing())), 5);
    const downloads = await Promise.all(
      Array.from({ length: asked }, () =>
        t.inject({
          method: 'GET',
          url: `${url}&format=pdf`,
          cookie: busy.cookie,
          headers: { 'accept-language': 'en' },
        }),
      ),
    );
    clearInterval(watching);
    expect(most).toBe(availableParallelism());
    for (const download of downloads) {
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.subarray(-6).toString()).toBe('%%EOF\n');
    }
    expect(statementsDrawing()).toBe(0);
  });

  it('should word the statement in both languages alike: the same keys and the same figures', () => {
    const placeholders = (message: string) =>
      (compileMessage(message) as unknown[])
        .filter(Array.isArray)
        .map((part) => (part as string[])[0])
        .sort();
    expect(Object.keys(STATEMENT_WORDS.bn).sort()).toEqual(Object.keys(STATEMENT_WORDS.en).sort());
    for (const [id, english] of Object.entries(STATEMENT_WORDS.en)) {
      expect([id, placeholders(STATEMENT_WORDS.bn[id]!)]).toEqual([id, placeholders(english)]);
    }
  });
});

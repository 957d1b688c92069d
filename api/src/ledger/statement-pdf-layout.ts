import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { INTL_LOCALE, type Language } from '@wallet/shared/i18n/languages';
import { formatPoisha } from '@wallet/shared/money';
import bnWords from '@wallet/shared/api/locales/bn/statement.json';
import enWords from '@wallet/shared/api/locales/en/statement.json';
import type { StatementLine, StatementTotals } from './statement';

/**
 * A statement drawn as a PDF with pdfkit, whose shaper (fontkit) has an Indic shaper for Bengali.
 * This runs in a worker thread (statement-pdf.ts): a statement of 100,000 lines takes seconds of
 * CPU, which its instance's event loop never waits for. Pages are written as they fill, so memory
 * holds one page, whatever the statement's length; page numbers carry no total for that reason.
 */

const require = createRequire(__filename);
const wawoff2 = require('wawoff2') as { decompress(data: Uint8Array): Promise<Uint8Array> };

/** Every word of the statement, in both languages (`shared/src/api/locales/<language>/statement.json`). */
export const STATEMENT_WORDS: Record<Language, Record<string, string>> = { en: enWords, bn: bnWords };

export interface StatementPdfHeader {
  language: Language;
  name: string;
  /** Masked: a printed statement travels (a bank, a visa office), the address need not. */
  email: string;
  walletId: string;
  from: string;
  to: string;
  /** ISO 8601: when the statement was asked for. */
  now: string;
  opening: bigint;
  /** Where a reader checks the statement with us. */
  site: string;
}

/**
 * Noto Sans Bengali, the site's own font (the files @fontsource ships for the web), 400 and 700:
 * its Bengali file, then its Latin and Latin Extended ones, chosen character by character.
 * pdfkit embeds only the glyphs used (a subset). The WOFF2 files are decoded to TrueType first:
 * fontkit's subsetter breaks on a WOFF2 font's composite glyphs (RangeError in TTFSubset), and a
 * Bengali conjunct is often one.
 */
const FACES = ['bengali', 'latin', 'latin-ext'] as const;
const WEIGHTS = [400, 700] as const;
type Weight = (typeof WEIGHTS)[number];

interface Face {
  /** pdfkit's name for the registered font. */
  name: string;
  /** The TrueType file, for pdfkit; and as fontkit reads it, to ask which characters it has. */
  file: Buffer;
  font: fontkit.Font;
}

let fonts: Promise<Map<Weight, Face[]>> | undefined;
function loadFonts() {
  fonts ??= (async () => {
    const byWeight = new Map<Weight, Face[]>();
    for (const weight of WEIGHTS) {
      const faces: Face[] = [];
      for (const face of FACES) {
        const file = require.resolve(
          `@fontsource/noto-sans-bengali/files/noto-sans-bengali-${face}-${weight}-normal.woff2`,
        );
        const truetype = Buffer.from(await wawoff2.decompress(readFileSync(file)));
        faces.push({ name: `${face}-${weight}`, file: truetype, font: fontkit.create(truetype) as fontkit.Font });
      }
      byWeight.set(weight, faces);
    }
    return byWeight;
  })();
  return fonts;
}

/** Bengali letters, signs and digits: a cell holding one is a Bangla run. */
const BENGALI = /[\u0980-\u09FF]/;
/** Characters that join a run whatever its face: spaces, and the joiners Bengali conjuncts use. */
const JOINS_ANY = /[\s\u200C\u200D]/;

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const WIDTH = A4.width - 2 * MARGIN;
const FOOTER_TOP = A4.height - MARGIN - 16;
const SIZE = { title: 15, text: 9, small: 7, table: 8 };
const GREY = '#555555';
const RULE = '#BBBBBB';

/** The table's columns: x from the left margin, width, and alignment. */
const COLUMNS = {
  date: { x: 0, width: 100, align: 'left' },
  type: { x: 104, width: 82, align: 'left' },
  counterpart: { x: 190, width: 100, align: 'left' },
  in: { x: 294, width: 70, align: 'right' },
  out: { x: 368, width: 70, align: 'right' },
  balance: { x: 442, width: WIDTH - 442, align: 'right' },
} as const;
const ROW_HEIGHT = 22;

interface TextStyle {
  size: number;
  weight?: Weight;
  color?: string;
  align?: 'left' | 'right';
}

export class StatementPdf {
  private readonly doc: PDFKit.PDFDocument;
  private readonly t: (id: string, values?: Record<string, string>) => string;
  private readonly amount: Intl.NumberFormat;
  private readonly moment: Intl.DateTimeFormat;
  private readonly day: Intl.DateTimeFormat;
  private readonly graphemes: Intl.Segmenter;
  private y = MARGIN;
  private page = 0;
  private lineCount = 0;

  private constructor(
    private readonly header: StatementPdfHeader,
    private readonly faces: Map<Weight, Face[]>,
    onData: (chunk: Buffer) => void,
  ) {
    const language = header.language;
    const i18n = setupI18n({
      locale: language,
      messages: {
        [language]: Object.fromEntries(
          Object.entries(STATEMENT_WORDS[language]).map(([id, text]) => [id, compileMessage(text)]),
        ),
      },
    });
    this.t = (id, values) => i18n._(id, values);
    const locale = INTL_LOCALE[language];
    this.amount = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    this.moment = new Intl.DateTimeFormat(locale, {
      timeZone: 'UTC',
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    this.day = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', dateStyle: 'long' });
    this.graphemes = new Intl.Segmenter(locale, { granularity: 'grapheme' });
    this.doc = new PDFDocument({
      size: [A4.width, A4.height],
      margin: 0,
      autoFirstPage: false,
      lang: INTL_LOCALE[language],
      displayTitle: true,
      info: { Title: `${this.t('statement.title')} ${header.from} – ${header.to}`, Author: header.site },
    });
    this.doc.on('data', onData);
    for (const faces of this.faces.values()) for (const face of faces) this.doc.registerFont(face.name, face.file);
    this.newPage();
    this.drawHeader();
    this.drawColumns();
  }

  /** A statement's PDF, its first page drawn; `onData` receives the file as it is written. */
  static async create(header: StatementPdfHeader, onData: (chunk: Buffer) => void) {
    return new StatementPdf(header, await loadFonts(), onData);
  }

  /** Draws lines of the table, turning pages as they fill. */
  lines(lines: StatementLine[]) {
    for (const line of lines) {
      if (this.y + ROW_HEIGHT > FOOTER_TOP - 6) {
        this.newPage();
        this.drawColumns();
      }
      const type = this.t(`statement.type.${line.type}`);
      const row = this.y + 4;
      this.text(this.moment.format(new Date(line.at)), MARGIN + COLUMNS.date.x, row, COLUMNS.date.width, {
        size: SIZE.table,
      });
      this.text(
        line.kind === 'amount' ? type : this.t(`statement.${line.kind}`, { type }),
        MARGIN + COLUMNS.type.x,
        row,
        COLUMNS.type.width,
        { size: SIZE.table },
      );
      this.text(line.counterpart ?? '', MARGIN + COLUMNS.counterpart.x, row, COLUMNS.counterpart.width, {
        size: SIZE.table,
      });
      const amounts = [
        [COLUMNS.in, line.amount > 0n ? line.amount : null],
        [COLUMNS.out, line.amount < 0n ? -line.amount : null],
        [COLUMNS.balance, line.balance],
      ] as const;
      for (const [column, value] of amounts) {
        if (value !== null)
          this.text(this.taka(value), MARGIN + column.x, row, column.width, { size: SIZE.table, align: 'right' });
      }
      this.text(line.transactionId, MARGIN + COLUMNS.date.x, row + 10, COLUMNS.counterpart.x - 4, {
        size: SIZE.small,
        color: GREY,
      });
      this.y += ROW_HEIGHT;
      this.rule(this.y, 0.25);
      this.lineCount += 1;
    }
    this.forgetShapes();
  }

  /**
   * pdfkit keeps every word it has shaped, in each font, for good. A statement's words (IDs, times,
   * amounts) rarely repeat, and 100,000 lines of them overran a 192 MB heap; shaping each anew
   * (`fontLayoutCache: false`) took over three minutes against one. So the shapes are kept for one
   * batch of lines, where "Transfer" and a name repeat, and forgotten after it.
   */
  private forgetShapes() {
    const fonts = (this.doc as unknown as { _fontFamilies: Record<string, { layoutCache?: object }> })._fontFamilies;
    for (const font of Object.values(fonts)) if (font.layoutCache) font.layoutCache = Object.create(null) as object;
  }

  /** The summary after the last line, then the file's end: resolves once every byte is out. */
  end(totals: StatementTotals): Promise<void> {
    if (this.lineCount === 0) {
      this.text(this.t('statement.none'), MARGIN, this.y + 6, WIDTH, { size: SIZE.text });
      this.y += 22;
    }
    const rows: [string, bigint, Weight][] = [
      [this.t('statement.openingBalance'), this.header.opening, 400],
      [this.t('statement.moneyIn'), totals.moneyIn, 400],
      [this.t('statement.moneyOut'), totals.moneyOut, 400],
      [this.t('statement.closingBalance'), totals.closing, 700],
    ];
    if (this.y + 24 + rows.length * 15 > FOOTER_TOP - 6) this.newPage();
    this.y += 12;
    this.text(this.t('statement.summary'), MARGIN, this.y, WIDTH, { size: SIZE.text, weight: 700 });
    this.y += 16;
    for (const [label, value, weight] of rows) {
      this.text(label, MARGIN + COLUMNS.in.x - 160, this.y, 220, { size: SIZE.text, weight });
      this.text(this.taka(value), MARGIN + COLUMNS.balance.x - 40, this.y, COLUMNS.balance.width + 40, {
        size: SIZE.text,
        weight,
        align: 'right',
      });
      this.y += 15;
    }
    const ended = new Promise<void>((resolve, reject) => {
      this.doc.on('end', resolve);
      this.doc.on('error', reject);
    });
    this.doc.end();
    return ended;
  }

  /** An amount of poisha, exact (never through a float), in the statement's digits and grouping. */
  private taka(poisha: bigint) {
    return this.amount.format(formatPoisha(poisha) as unknown as number);
  }

  private newPage() {
    this.doc.addPage({ size: [A4.width, A4.height], margin: 0 });
    this.page += 1;
    this.y = MARGIN;
    // The footer on every page: how to check the statement with us, and the page's number.
    this.rule(FOOTER_TOP - 4, 0.5);
    this.paragraph(this.t('statement.check', { site: this.header.site }), MARGIN, FOOTER_TOP, WIDTH - 70, {
      size: SIZE.small,
      color: GREY,
    });
    this.text(this.t('statement.page', { page: this.number(this.page) }), MARGIN + WIDTH - 66, FOOTER_TOP, 66, {
      size: SIZE.small,
      color: GREY,
      align: 'right',
    });
  }

  private number(value: number) {
    return value.toLocaleString(INTL_LOCALE[this.header.language], { useGrouping: false });
  }

  private drawHeader() {
    const { header } = this;
    this.text(this.t('statement.title'), MARGIN, this.y, WIDTH, { size: SIZE.title, weight: 700 });
    this.y += 28;
    const facts: [string, string][] = [
      [this.t('statement.name'), header.name],
      [this.t('statement.email'), header.email],
      [this.t('statement.wallet'), header.walletId],
      [
        this.t('statement.period'),
        this.t('statement.periodRange', {
          from: this.day.format(new Date(`${header.from}T00:00:00Z`)),
          to: this.day.format(new Date(`${header.to}T00:00:00Z`)),
        }),
      ],
      [this.t('statement.timeZone'), this.t('statement.days')],
      [this.t('statement.generatedAt'), `${this.moment.format(new Date(header.now))} UTC`],
      [this.t('statement.openingBalance'), this.taka(header.opening)],
    ];
    for (const [label, value] of facts) {
      this.text(label, MARGIN, this.y, 100, { size: SIZE.text, color: GREY });
      this.y += 14 * this.paragraph(value, MARGIN + 104, this.y, WIDTH - 104, { size: SIZE.text });
    }
    this.text(this.t('statement.amounts'), MARGIN, this.y + 4, WIDTH, { size: SIZE.small, color: GREY });
    this.y += 20;
  }

  /** The table's column heads, at the top of the table on every page. */
  private drawColumns() {
    const heads = [
      [COLUMNS.date, `${this.t('statement.column.date')} · ${this.t('statement.column.transaction')}`],
      [COLUMNS.type, this.t('statement.column.type')],
      [COLUMNS.counterpart, this.t('statement.column.counterpart')],
      [COLUMNS.in, this.t('statement.moneyIn')],
      [COLUMNS.out, this.t('statement.moneyOut')],
      [COLUMNS.balance, this.t('statement.column.balance')],
    ] as const;
    for (const [column, head] of heads) {
      this.text(head, MARGIN + column.x, this.y, column.width, { size: SIZE.table, weight: 700, align: column.align });
    }
    this.y += 14;
    this.rule(this.y, 0.75);
  }

  private rule(y: number, width: number) {
    this.doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + WIDTH, y)
      .lineWidth(width)
      .strokeColor(RULE)
      .stroke();
  }

  /**
   * One line of text in a box `width` wide, cut with an ellipsis at a grapheme (never inside a
   * conjunct) when it does not fit. Each character is drawn from the first face that has it, so a
   * name or an amount may take several runs. Text with Bengali in it is wrapped in a marked-content
   * span whose ActualText is the text itself: the glyphs of a pre-base vowel sign (ি, ে, ৈ) come
   * before their consonant, and without it a reader copying the text gets them in that order.
   */
  private text(value: string, x: number, y: number, width: number, style: TextStyle) {
    if (value === '') return;
    const weight = style.weight ?? 400;
    // Laid out once; a text too wide for its box (rare: a long name) is cut and laid out again.
    let shown = this.laidOut(value, style.size, weight);
    if (shown.width > width) shown = this.laidOut(this.cut(value, width, style.size, weight), style.size, weight);
    let left = style.align === 'right' ? x + width - shown.width : x;
    const actual = BENGALI.test(shown.text);
    if (actual) this.doc.markContent('Span', { actual: shown.text });
    this.doc.fillColor(style.color ?? '#000000');
    for (const run of shown.runs) {
      this.doc.font(run.face).fontSize(style.size).text(run.text, left, y, { lineBreak: false });
      left += run.width;
    }
    if (actual) this.endSpan(shown.runs.at(-1)!.face, style.size);
  }

  /**
   * Closes an ActualText span. pdfkit draws text inside its own `q <flip> cm ... Q`, so at this
   * operator the graphics state is the page's, not the text's. Poppler (pdftotext) places the
   * span's text with the state at its end, and would put it mirrored at the page's foot, with no
   * height: the text's transform and font are set again around the operator, as they were.
   */
  private endSpan(face: string, size: number) {
    const doc = this.doc as PDFKit.PDFDocument & { _font: { id: string }; addContent(text: string): unknown };
    doc.save();
    doc.transform(1, 0, 0, -1, 0, A4.height);
    doc.font(face).fontSize(size);
    doc.addContent(`/${doc._font.id} ${size} Tf`);
    doc.endMarkedContent();
    doc.restore();
  }

  /**
   * Text wrapped at spaces onto as many lines as it needs, up to `maxLines` (the last cut with an
   * ellipsis beyond that), each line `size` + 3 points below the one before. Returns the lines drawn.
   */
  private paragraph(value: string, x: number, y: number, width: number, style: TextStyle, maxLines = 2) {
    const weight = style.weight ?? 400;
    const lines: string[] = [];
    for (const word of value.split(' ')) {
      const last = lines.at(-1);
      if (last !== undefined && this.laidOut(`${last} ${word}`, style.size, weight).width <= width)
        lines[lines.length - 1] = `${last} ${word}`;
      else lines.push(word);
    }
    const shown = lines.slice(0, maxLines);
    if (lines.length > maxLines) shown[maxLines - 1] = `${shown[maxLines - 1]} ${lines.slice(maxLines).join(' ')}`;
    shown.forEach((line, index) => this.text(line, x, y + index * (style.size + 3), width, style));
    return shown.length;
  }

  /** As much of `value` as fits in `width` followed by an ellipsis (it does not fit whole). */
  private cut(value: string, width: number, size: number, weight: Weight) {
    const parts = [...this.graphemes.segment(value)].map((part) => part.segment);
    let low = 0;
    let high = parts.length;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (this.laidOut(`${parts.slice(0, middle).join('').trimEnd()}…`, size, weight).width <= width) low = middle;
      else high = middle - 1;
    }
    return `${parts.slice(0, low).join('').trimEnd()}…`;
  }

  /** `value`'s runs, each with its width at `size`, and the whole width. */
  private laidOut(value: string, size: number, weight: Weight) {
    const runs = this.runs(value, weight).map((run) => ({
      ...run,
      width: this.doc.font(run.face).fontSize(size).widthOfString(run.text),
    }));
    return { text: value, runs, width: runs.reduce((sum, run) => sum + run.width, 0) };
  }

  /** `value` cut into runs of one face each: a character's face is the first that has it. */
  private runs(value: string, weight: Weight) {
    const faces = this.faces.get(weight)!;
    const runs: { face: string; text: string }[] = [];
    for (const character of value) {
      const code = character.codePointAt(0)!;
      const last = runs.at(-1);
      if (last && JOINS_ANY.test(character)) {
        last.text += character;
        continue;
      }
      const face = (faces.find((each) => each.font.hasGlyphForCodePoint(code)) ?? faces[1]!).name;
      if (last?.face === face) last.text += character;
      else runs.push({ face, text: character });
    }
    return runs.length > 0 ? runs : [{ face: faces[1]!.name, text: '' }];
  }
}

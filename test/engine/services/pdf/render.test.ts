import { describe, expect, it } from 'vitest';
import { renderPdf } from '../../../../src-main/engine/services/pdf/render.js';
import type { PdfContent, PdfPage } from '../../../../src-main/engine/services/pdf/pdf-page.js';
import { solidPng } from './png.js';
import { positionsInOrder, readPdf, type ReadPage } from './read-pdf.js';
import { bullets, code, doc, everyBlock, image, item, paragraph, table, text } from './sample.js';

const DATE = new Date('2026-03-04T05:06:07.000Z');

const content = (pages: PdfPage[], extra: Partial<PdfContent> = {}): PdfContent => ({
  title: 'Handbook',
  subtitle: 'Change request #7 of Handbook',
  date: DATE,
  pages,
  ...extra,
});

const page = (title: string, body = doc(), depth = 0, id = title): PdfPage => ({ id, title, depth, body });

const allText = (pages: ReadPage[]) => pages.map((p) => p.text).join(' ');

describe('the PDF of pages', () => {
  it('starts with a title sheet listing the pages, with links to them and their sheet numbers', async () => {
    const pdf = await readPdf(await renderPdf(content([page('Intro', doc(paragraph(text('Hello')))), page('Setup', doc(), 1)])));
    const first = pdf.pages[0]!;
    expect(positionsInOrder(first.text, ['Handbook', 'Change request #7 of Handbook', '2026-03-04', 'Contents', 'Intro', '2', 'Setup', '3']))
      .not.toContain(-1);
    expect(first.links.map((link) => link.dest)).toEqual(['page-1', 'page-2']);
    expect(pdf.title).toBe('Handbook');
    expect(pdf.outline).toEqual(['Intro', 'Setup']);
  });

  it('writes every block kind and mark, in order, each page under its title', async () => {
    const pdf = await readPdf(
      await renderPdf(content([page('Getting started', everyBlock())], { fileName: (id) => (id === 'file123' ? 'spec-sheet.pdf' : undefined) })),
    );
    const body = allText(pdf.pages.slice(1));
    const expected = [
      'Getting started', 'Heading one', 'Plain,', 'bold', 'italic', 'inline', 'code', 'struck', 'a link', 'Heading two',
      'Bullet one', 'Bullet two', 'Nested bullet', '3.', 'Third step', '4.', 'Fourth step', 'Done task', 'Open task',
      'Heading three', 'typescript', 'const answer = 42;', 'console.log(answer);', 'Quoted words', 'Careful hint',
      'Name', 'Role', 'Ada', 'Engineer', 'Grace', 'Admiral', '[Image: Diagram alt]', 'Diagram caption',
      'Attachment:', 'spec-sheet.pdf', 'Spec sheet', 'After the divider', 'Expandable title', 'Expandable body',
      'First tab', 'First tab body', 'Second tab', 'Second tab body', 'Embedded:', 'https://video.example/watch?v=1', 'TeX', 'E = mc^2',
    ];
    expect(positionsInOrder(body.replace(/ +/g, ' '), expected)).not.toContain(-1);
    expect(pdf.pages[1]!.links).toEqual([{ url: 'https://example.com/docs', dest: undefined }]);
  });

  it('embeds an image whose bytes the resolver gives, in place of its alternative text', async () => {
    const png = solidPng(40, 20);
    const body = doc(image('https://example.com/chart.png', 'Chart alt', 'Chart caption'), image('unknown.png', 'Unknown alt'));
    const pdf = await readPdf(await renderPdf(content([page('Images', body)], { images: (src) => (src.endsWith('chart.png') ? png : undefined) })));
    expect(pdf.pages[1]!.images).toBe(1);
    expect(pdf.pages[1]!.text).toContain('Chart caption');
    expect(pdf.pages[1]!.text).not.toContain('Chart alt');
    expect(pdf.pages[1]!.text).toContain('[Image: Unknown alt]');
  });

  it('takes an image it cannot read as missing', async () => {
    const pdf = await readPdf(await renderPdf(content([page('Images', doc(image('x.png', 'Broken')))], { images: () => new Uint8Array([1, 2, 3]) })));
    expect(pdf.pages[1]!.images).toBe(0);
    expect(pdf.pages[1]!.text).toContain('[Image: Broken]');
  });

  it('grows by sheets as content grows', async () => {
    const paragraphs = (count: number) => doc(...Array.from({ length: count }, (_, i) => paragraph(text(`Paragraph ${i} `.repeat(20)))));
    const counts = [];
    for (const count of [1, 40, 160]) counts.push((await readPdf(await renderPdf(content([page('Long', paragraphs(count))])))).pages.length);
    expect(counts[0]).toBe(2);
    expect(counts[1]).toBeGreaterThan(counts[0]!);
    expect(counts[2]).toBeGreaterThan(counts[1]!);
  });

  it('starts each page on a new sheet, except after a page with an empty body', async () => {
    const pdf = await readPdf(await renderPdf(content([
      page('Group', doc()),
      page('First', doc(paragraph(text('One'))), 1),
      page('Second', doc(paragraph(text('Two'))), 1),
    ])));
    expect(pdf.pages.map((p) => p.items[0]?.str)).toEqual(['Handbook', 'Group', 'Second']);
    expect(pdf.pages[1]!.text).toContain('First');
  });

  it('continues long code on the next sheets, cutting lines wider than the column', async () => {
    const lines = Array.from({ length: 200 }, (_, i) => `line_${String(i).padStart(3, '0')} = ${i};`);
    const wide = `wide_${'w'.repeat(300)}_end`;
    const pdf = await readPdf(await renderPdf(content([page('Code', doc(code('python', [...lines, wide].join('\n'))))])));
    expect(pdf.pages.length).toBeGreaterThan(4);
    const printed = pdf.pages.flatMap((p) => p.lines);
    for (const line of lines) expect(printed).toContain(line);
    const start = printed.findIndex((line) => line.startsWith('wide_'));
    const end = printed.findIndex((line) => line.endsWith('_end'));
    expect(end).toBeGreaterThan(start);
    expect(printed.slice(start, end + 1).join('')).toBe(wide);
    expectInsideMargins(pdf.pages);
  });

  it('breaks long tables across sheets under a repeated header, wrapping cells', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => [`Row ${i}`, `${'words '.repeat(i % 30)}end ${i}`]);
    const pdf = await readPdf(await renderPdf(content([page('Table', doc(table(['Key', 'Value'], rows)))])));
    const sheets = pdf.pages.slice(1);
    expect(sheets.length).toBeGreaterThan(2);
    for (const sheet of sheets) expect(sheet.items.some((item) => item.str === 'Key')).toBe(true);
    const text = allText(sheets);
    for (let i = 0; i < rows.length; i++) expect(text).toContain(`end ${i}`);
    expectInsideMargins(pdf.pages);
  });

  it("aligns a column's cells as its header cell says", async () => {
    const body = doc(table(['Item', 'Price', 'Note'], [['Tea', '3', 'hot'], ['Cake', '12.50', 'sweet']], ['left', 'right', 'center']));
    const items = (await readPdf(await renderPdf(content([page('Prices', body)])))).pages[1]!.items;
    const at = (str: string) => items.find((item) => item.str === str)!;
    expect(at('Tea').x).toBeCloseTo(at('Cake').x, 1);
    expect(at('3').x + at('3').width).toBeCloseTo(at('12.50').x + at('12.50').width, 1);
    expect(at('hot').x + at('hot').width / 2).toBeCloseTo(at('sweet').x + at('sweet').width / 2, 1);
  });

  it('cuts a table row taller than a sheet between its lines', async () => {
    const tall = Array.from({ length: 120 }, (_, i) => `cell line ${i}`).join('\n');
    const pdf = await readPdf(await renderPdf(content([page('Tall', doc(table(['Only'], [[tall]])))])));
    expect(pdf.pages.length).toBeGreaterThan(2);
    const text = allText(pdf.pages);
    for (let i = 0; i < 120; i++) expect(text).toContain(`cell line ${i}`);
    expectInsideMargins(pdf.pages);
  });

  it('keeps deep lists, long words and wide tables inside the margins', async () => {
    let list = bullets(item(paragraph(text('Deepest ' + 'x'.repeat(200)))));
    for (let depth = 0; depth < 12; depth++) list = bullets(item(paragraph(text(`Level ${depth}`)), list));
    const wide = table(Array.from({ length: 14 }, (_, i) => `Column ${i}`), [Array.from({ length: 14 }, (_, i) => `value-${i}-${'v'.repeat(i * 3)}`)]);
    const pdf = await readPdf(await renderPdf(content([page('Wide', doc(list, wide, paragraph(text('y'.repeat(900)))))])));
    expectInsideMargins(pdf.pages);
    expect(allText(pdf.pages)).toContain('Level 11');
  });

  it('writes characters the built-in fonts lack as their base letter or "?"', async () => {
    const pdf = await readPdf(await renderPdf(content([page('Unicode', doc(paragraph(text('Ünïcödé ő 漢 “quoted” — €'))))])));
    expect(pdf.pages[1]!.text).toContain('Ünïcödé o ? “quoted” — €');
  });

  it('gives the same bytes for the same content, and other bytes for another date', async () => {
    const pages = [page('Getting started', everyBlock()), page('Code', doc(code('js', 'let a = 1;')), 1)];
    const first = await renderPdf(content(pages));
    const second = await renderPdf(content(structuredClone(pages)));
    expect(Buffer.compare(first, second)).toBe(0);
    const later = await renderPdf(content(pages, { date: new Date('2026-03-05T00:00:00.000Z') }));
    expect(Buffer.compare(first, later)).not.toBe(0);
  });
});

/** No text starts before the left margin or runs past the right one, or leaves the sheet. */
function expectInsideMargins(pages: ReadPage[]): void {
  for (const sheet of pages) {
    for (const item of sheet.items) {
      expect(item.x, item.str).toBeGreaterThanOrEqual(56 - 0.5);
      expect(item.x + item.width, item.str).toBeLessThanOrEqual(sheet.width - 56 + 0.5);
      expect(item.y, item.str).toBeGreaterThan(0);
      expect(item.y, item.str).toBeLessThan(sheet.height);
    }
  }
}

import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface TextItem {
  str: string;
  x: number;
  /** From the top of the page, as the layout measures it. */
  y: number;
  width: number;
  height: number;
}

export interface ReadPage {
  items: TextItem[];
  /** The page's text, items joined by spaces. */
  text: string;
  /** The text of each line, top to bottom: items at one height joined by spaces. */
  lines: string[];
  links: { url?: string; dest?: string }[];
  images: number;
  width: number;
  height: number;
}

/** A PDF read back with pdfjs: each page's text items, link annotations and drawn images. */
export async function readPdf(bytes: Uint8Array): Promise<{ pages: ReadPage[]; title: unknown; outline: string[] }> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false }).promise;
  const pages: ReadPage[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number);
    const [width, height] = [page.view[2]!, page.view[3]!];
    const content = await page.getTextContent();
    const items = content.items
      .filter((item) => 'str' in item && item.str.trim() !== '')
      .map((item) => {
        const text = item as { str: string; transform: number[]; width: number; height: number };
        return { str: text.str, x: text.transform[4]!, y: height - text.transform[5]!, width: text.width, height: text.height };
      });
    const annotations = (await page.getAnnotations()) as { subtype: string; url?: string; dest?: string }[];
    const operators = await page.getOperatorList();
    pages.push({
      items,
      text: items.map((item) => item.str).join(' '),
      lines: linesOf(items),
      links: annotations.filter((a) => a.subtype === 'Link').map((a) => ({ url: a.url, dest: typeof a.dest === 'string' ? a.dest : undefined })),
      images: operators.fnArray.filter((fn) => fn === OPS.paintImageXObject).length,
      width,
      height,
    });
  }
  const metadata = await pdf.getMetadata();
  const outline = ((await pdf.getOutline()) ?? []).flatMap(function walk(item: { title: string; items: unknown[] }): string[] {
    return [item.title, ...(item.items as { title: string; items: unknown[] }[]).flatMap(walk)];
  });
  await pdf.destroy();
  return { pages, title: (metadata.info as { Title?: unknown }).Title, outline };
}

/** Asserts nothing: the index of each text in `haystack`, searched in order (-1 once one is missing). */
export function positionsInOrder(haystack: string, needles: string[]): number[] {
  let from = 0;
  return needles.map((needle) => {
    const at = from < 0 ? -1 : haystack.indexOf(needle, from);
    from = at < 0 ? -1 : at + needle.length;
    return at;
  });
}

function linesOf(items: TextItem[]): string[] {
  const rows = new Map<number, TextItem[]>();
  for (const item of items) {
    const key = Math.round(item.y + item.height);
    rows.set(key, [...(rows.get(key) ?? []), item]);
  }
  return [...rows.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, row]) => row.sort((a, b) => a.x - b.x).map((item) => item.str).join(' '));
}

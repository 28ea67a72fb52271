/**
 * The PDF's built-in fonts (Helvetica, Courier) encode WinAnsi only: code points up to 255 and a
 * few typographic characters above. Anything else would come out as garbage, so it is replaced
 * by its unaccented base letter where Unicode gives one ("ő" → "o"), else by "?".
 */
const WIN_ANSI_EXTRAS = new Set([
  402, 710, 732, 338, 339, 352, 353, 376, 381, 382, 8211, 8212, 8216, 8217, 8218, 8220, 8221, 8222, 8224, 8225, 8226, 8230,
  8240, 8249, 8250, 8364, 8482,
]);

const encodable = (code: number) => (code >= 32 && code !== 127 && code <= 255) || WIN_ANSI_EXTRAS.has(code);

export function printable(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (encodable(code)) out += char;
    else if (char === '\t') out += '    ';
    else out += fallback(char);
  }
  return out;
}

function fallback(char: string): string {
  const base = char.normalize('NFD').replace(/\p{M}/gu, '');
  return base.length > 0 && [...base].every((c) => encodable(c.codePointAt(0)!)) ? base : '?';
}

import { describe, expect, it } from 'vitest';
import { printable } from '../../../../src-main/engine/services/pdf/printable.js';

describe('text for the built-in fonts', () => {
  it('keeps Latin-1 and the typographic characters WinAnsi has', () => {
    expect(printable('Café “déjà” – 10 € • ok')).toBe('Café “déjà” – 10 € • ok');
  });

  it('writes other letters as their base letter, the rest as "?", and a tab as spaces', () => {
    expect(printable('Łódź ő ș 漢字 🙂\tend')).toBe('?ódz o s ?? ?    end');
  });
});

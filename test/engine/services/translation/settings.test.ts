import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveTranslator, TRANSLATOR_FILE } from '../../../../src-main/engine/services/translation/settings.js';

const empty = mkdtempSync(join(tmpdir(), 'folio-translator-'));
const withFile = mkdtempSync(join(tmpdir(), 'folio-translator-'));
writeFileSync(join(withFile, TRANSLATOR_FILE), JSON.stringify({ translator: 'openai', url: 'http://127.0.0.1:9/v1', key: 'from-file', model: 'file-model' }));
afterAll(() => {
  rmSync(empty, { recursive: true, force: true });
  rmSync(withFile, { recursive: true, force: true });
});

describe('which translator an engine calls', () => {
  it('none given: none', () => {
    expect(resolveTranslator(empty, {}, {})).toBeUndefined();
  });

  it('each value from the flags, else the environment, else the data dir\'s translator.json', () => {
    expect(resolveTranslator(withFile, {}, {})).toEqual({ kind: 'openai', url: 'http://127.0.0.1:9/v1', key: 'from-file', model: 'file-model' });
    expect(resolveTranslator(withFile, { model: 'flag-model' }, { FOLIO_TRANSLATOR_KEY: 'from-env', FOLIO_TRANSLATOR_MODEL: 'env-model' }))
      .toEqual({ kind: 'openai', url: 'http://127.0.0.1:9/v1', key: 'from-env', model: 'flag-model' });
    expect(resolveTranslator(empty, {}, { FOLIO_TRANSLATOR: 'libretranslate', FOLIO_TRANSLATOR_URL: 'http://127.0.0.1:5000' }))
      .toEqual({ kind: 'libretranslate', url: 'http://127.0.0.1:5000' });
  });

  it.each([
    [{ translator: 'deepl', url: 'http://127.0.0.1:1' }, /^--translator: must be libretranslate or openai, got deepl$/],
    [{ translator: 'libretranslate' }, /^--translator-url: an http\(s\) address/],
    [{ url: 'http://127.0.0.1:1' }, /^--translator: must be/],
    [{ translator: 'openai', url: 'ftp://127.0.0.1:1' }, /^--translator-url:/],
  ])('%j is refused with a message naming the flag', (flags, message) => {
    const resolved = resolveTranslator(empty, flags, {});
    expect(resolved && 'error' in resolved ? resolved.error : resolved).toMatch(message);
  });

  it('a translator.json that is not JSON is refused, naming the file', () => {
    const broken = mkdtempSync(join(tmpdir(), 'folio-translator-'));
    writeFileSync(join(broken, TRANSLATOR_FILE), '{');
    const resolved = resolveTranslator(broken, {}, {});
    rmSync(broken, { recursive: true, force: true });
    expect(resolved && 'error' in resolved ? resolved.error : resolved).toMatch(/translator\.json: /);
  });
});

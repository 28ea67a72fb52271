import { describe, expect, it } from 'vitest';
import { yjsEndpoint } from '../../src-renderer/editor/room.js';

describe('the editor’s room', () => {
  it('is reached over ws for http pages and wss for https ones', () => {
    expect(yjsEndpoint('http://127.0.0.1:4470')).toBe('ws://127.0.0.1:4470/v1/yjs');
    expect(yjsEndpoint('https://folio.example')).toBe('wss://folio.example/v1/yjs');
  });
});

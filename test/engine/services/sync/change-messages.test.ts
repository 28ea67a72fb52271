import { describe, expect, it } from 'vitest';
import { MalformedFrame } from '../../../../src-main/engine/services/sync/channel.js';
import { decodeChangeMessage, encodeChangeMessage, type ChangeMessage } from '../../../../src-main/engine/services/sync/change-messages.js';

const change = { hlc: '001767225600000.000000000.abc', table: 'spaces', key: ['s1'], op: 'update' as const, fields: { title: 'T' }, actor: 'u1' };
const text = (value: string) => new TextEncoder().encode(value);

describe('change log channel messages', () => {
  it('decode what they encode, every type', () => {
    const messages: ChangeMessage[] = [
      { type: 'hello', user: { id: 'u1', email: 'a@example.com', display_name: null } },
      { type: 'pull', cursor: '', limit: 2000 },
      { type: 'changes', changes: [change], cursor: '12' },
      { type: 'push', changes: [change], cursor: '3' },
      { type: 'ack', cursor: '3' },
      { type: 'incomplete' },
      { type: 'poke' },
    ];
    for (const message of messages) expect(decodeChangeMessage(encodeChangeMessage(message))).toEqual(message);
  });

  it('refuse bytes that are not the protocol as malformed', () => {
    for (const payload of [
      new Uint8Array([0xff, 0xfe]),
      text('not json'),
      text('{"type":"shout"}'),
      text('{"type":"pull","cursor":"1","limit":0}'),
      text(JSON.stringify({ type: 'push', cursor: '1', changes: [{ ...change, op: 'merge' }] })),
    ]) {
      expect(() => decodeChangeMessage(payload)).toThrow(MalformedFrame);
    }
  });
});

import { expect, it } from 'vitest';
import { ok } from '../../../support/content.js';
import type { TestServer } from '../../../support/server.js';
import { markdownAt, pollTranslation, serverWithTranslator, sourceSpace } from './fixture.js';
import type { TranslatorServer } from './translator-server.js';

let t: TestServer;
let translator: TranslatorServer;
serverWithTranslator((server, translatorServer) => {
  t = server;
  translator = translatorServer;
}, 'openai');

it('an OpenAI-compatible chat service gets the key, the model, the instructions and the segments as a JSON array', async () => {
  const { spaceId } = await sourceSpace(t, [{ title: 'Setup', markdown: 'Install with `make`.\n\nSee https://example.com.\n' }]);
  const instructions = { object: 'document' as const, data: {}, nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Address the reader formally.', marks: [] }] }] }] };
  const created = ok(await t.owner.client.call('createTranslation', {
    params: { organizationId: t.organizationId },
    body: { language: 'es', source: { space: spaceId, language: 'en' }, instructions },
  }));
  const done = await pollTranslation(t, created.id);
  expect(done.lastRunError).toBeUndefined();
  const [call] = translator.calls;
  expect(call).toMatchObject({ protocol: 'openai', source: 'en', target: 'es', authorization: 'Bearer test-key', body: { model: 'test-model', temperature: 0 } });
  expect(call!.body.messages[0].content).toMatch(/Instructions from the authors:\nAddress the reader formally\.$/);
  expect(call!.segments).toEqual(['Setup', 'Install with', 'See']);
  expect(await markdownAt(t, done.result!.space, 'setup')).toBe('ES:INSTALL WITH `make`.\n\nES:SEE <https://example.com>.\n');
});

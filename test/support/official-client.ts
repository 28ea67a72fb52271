import { GitBookAPI } from '@gitbook/api';
import { afterAll, beforeAll } from 'vitest';
import { TestServer } from './server.js';

export interface OfficialClientTest {
  t: TestServer;
  /** The public client of the service our API follows, pointed at `t` with the owner's token. */
  api: GitBookAPI;
}

/** A server for the file's tests and the official client on it; the fields are set once it runs. */
export function officialClientServer(): OfficialClientTest {
  const test = {} as OfficialClientTest;
  beforeAll(async () => {
    test.t = await TestServer.start();
    test.api = new GitBookAPI({ endpoint: test.t.url, authToken: test.t.owner.token });
  });
  afterAll(() => test.t.stop());
  return test;
}

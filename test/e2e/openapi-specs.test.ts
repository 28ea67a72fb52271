import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeTabs, screenshot, skipReason } from './chromium.js';
import { openApp, ownerApi, serveEngine, type ServedEngine } from './served-engine.js';

const petstore = (version: string) => `openapi: 3.0.3
info:
  title: Petstore
  version: ${version}
paths:
  /pets:
    get:
      summary: List pets
      responses:
        '200':
          description: The pets
  /pets/{petId}:
    get:
      summary: One pet
      parameters:
        - name: petId
          in: path
          required: true
          schema:
            type: string
      responses:
        '200':
          description: The pet
`;
// No `info`, and a path that is no path: the parser finds the problems.
const BROKEN = JSON.stringify({ openapi: '3.0.3', paths: { pets: {} } });

/** Issue 7's specs screen: one spec added by its address, one from a file, processed in the background. */
describe.skipIf(skipReason)('the OpenAPI specs screen in headless Chromium', () => {
  let served: ServedEngine;
  let specServer: Server;
  let specUrl: string;
  /** What the spec's address serves now. */
  let servedVersion = '1.0.0';
  let browser: Browser;
  let page: Page;
  let problems: string[];
  let org: string;

  const row = (slug: string) => page.locator(`[data-kind=openapi-spec][data-slug=${slug}]`);

  beforeAll(async () => {
    specServer = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/yaml' }).end(petstore(servedVersion)));
    await new Promise<void>((listening) => specServer.listen(0, '127.0.0.1', listening));
    specUrl = `http://127.0.0.1:${(specServer.address() as AddressInfo).port}/petstore.yaml`;
    served = await serveEngine();
    org = (await ownerApi(served)('GET', '/v1/orgs')).items[0].id;
    ({ browser, page, problems } = await openApp(served, `#/orgs/${org}`));
  });

  afterAll(async () => {
    await closeTabs(browser);
    await served?.stop();
    await new Promise((closed) => specServer?.close(closed));
  });

  it('opens from the sidebar, empty', async () => {
    await page.getByRole('navigation', { name: 'Collections and spaces' }).getByRole('link', { name: 'OpenAPI specs' }).click();
    await page.getByText('No specifications yet. Add one by its address or from a file.').waitFor();
  });

  it('adds a valid spec by its address and sees it processed: complete, no error', async () => {
    await page.getByLabel('Slug').fill('petstore');
    await page.getByLabel('Address of the specification').fill(specUrl);
    await page.getByRole('button', { name: 'Add specification' }).click();
    // Specs are read in the engine's worker threads, whose first task waits for a thread to start.
    await row('petstore').getByTestId('processing-state').filter({ hasText: /^complete$/ }).waitFor({ timeout: 15_000 });
    expect(await row('petstore').getByTestId('error-code').count()).toBe(0);
    expect(await row('petstore').textContent()).toContain(`From ${specUrl}`);
  });

  it('adds an invalid spec from a file and sees PARSE_ERROR with the problems found', async () => {
    await page.getByLabel('Slug').fill('broken');
    await page.getByRole('radio', { name: 'From a file' }).check();
    await page.getByLabel('Specification file (JSON or YAML)').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(BROKEN) });
    await page.getByRole('button', { name: 'Add specification' }).click();
    await row('broken').getByTestId('error-code').filter({ hasText: 'PARSE_ERROR' }).waitFor({ timeout: 15_000 });
    expect(await row('broken').getByTestId('processing-state').textContent()).toBe('complete');
    expect(await row('broken').getByRole('alert').textContent()).toContain('This is not a valid OpenAPI or Swagger specification.');
    expect(await row('broken').locator('.spec-errors li').count()).toBeGreaterThan(0);
    await page.screenshot({ path: screenshot('openapi-specs.png') });
  });

  it("lists a spec's versions and what the latest holds", async () => {
    await row('petstore').getByRole('link', { name: 'petstore' }).click();
    await page.getByRole('heading', { level: 1, name: 'petstore' }).waitFor();
    const versions = page.locator('[data-kind=openapi-version]');
    await versions.first().waitFor();
    expect(await versions.count()).toBe(1);
    expect(await versions.first().textContent()).toContain('Latest');
    await versions.first().getByRole('button', { name: 'Show contents' }).click();
    await page.getByText('petstore.yaml: Petstore 1.0.0 · 2 paths').waitFor();
  });

  it('fetches the address again: new content makes a new latest version', async () => {
    servedVersion = '1.1.0';
    await page.getByRole('button', { name: 'Fetch again' }).click();
    const versions = page.locator('[data-kind=openapi-version]');
    // The spec is read in a worker thread (a first task may wait for the thread to start) and the screen asks again each second.
    await expect.poll(() => versions.count()).toBe(2);
    await page.getByTestId('processing-state').filter({ hasText: /^complete$/ }).waitFor({ timeout: 15_000 });
    expect(await versions.first().textContent()).toContain('Latest');
    expect(await versions.nth(1).textContent()).not.toContain('Latest');
    await versions.first().getByRole('button', { name: 'Show contents' }).click();
    await page.getByText('petstore.yaml: Petstore 1.1.0 · 2 paths').waitFor();
  });

  it('makes a spec public', async () => {
    await page.getByLabel('Visibility').selectOption({ label: 'Public' });
    await expect.poll(async () => (await ownerApi(served)('GET', `/v1/orgs/${org}/openapi/petstore`)).visibility).toBe('public');
    await expect.poll(() => page.getByLabel('Visibility').inputValue()).toBe('public');
  });

  it('a spec without a version says so; deleting it returns to the list', async () => {
    await page.goto(`${served.server.url}/#/orgs/${org}/openapi/broken`);
    await page.getByText('No version yet: one is made when the specification is processed without errors.').waitFor();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Delete specification' }).click();
    await page.getByRole('heading', { level: 1, name: 'OpenAPI specifications' }).waitFor();
    await row('petstore').waitFor();
    expect(await row('broken').count()).toBe(0);
    expect(problems).toEqual([]);
  });
});

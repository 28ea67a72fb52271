import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { parse } from 'yaml';

const ROOT = join(import.meta.dirname, '../..');
const RESOURCES = join(ROOT, 'resources');

/** Width and height from a PNG's IHDR chunk, after checking its signature. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

it('has the app icon in the sizes electron-builder takes: 1024 px for macOS and Windows, NxN.png up to 512 for Linux', () => {
  expect(pngSize(join(RESOURCES, 'icon.png'))).toEqual({ width: 1024, height: 1024 });
  const linux = readdirSync(join(RESOURCES, 'icons'));
  expect(linux.sort()).toEqual(['16x16.png', '24x24.png', '32x32.png', '48x48.png', '64x64.png', '128x128.png', '256x256.png', '512x512.png'].sort());
  for (const name of linux) {
    const side = Number(name.split('x')[0]);
    expect(pngSize(join(RESOURCES, 'icons', name))).toEqual({ width: side, height: side });
  }
});

it('is the icon electron-builder.yml packages and the window reads from the app files', () => {
  const config = parse(readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8'));
  expect(config.directories.buildResources).toBe('resources');
  expect(config.mac.icon).toBe('resources/icon.png');
  expect(config.win.icon).toBe('resources/icon.png');
  expect(config.linux.icon).toBe('resources/icons');
  expect(config.files).toContain('resources/icon.png');
});

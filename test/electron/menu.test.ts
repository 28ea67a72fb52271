import { describe, expect, it, vi } from 'vitest';
import { menuTemplate } from '../../src-main/electron/menu.js';

vi.mock('electron', () => import('./fake-electron.js'));

const roles = (template: ReturnType<typeof menuTemplate>) => JSON.stringify(template);

describe('menu', () => {
  it('offers developer tools only in unpackaged builds', () => {
    expect(roles(menuTemplate('linux', false))).toContain('toggleDevTools');
    expect(roles(menuTemplate('linux', true))).not.toContain('toggleDevTools');
  });

  it('has the app menu on macOS only', () => {
    expect(menuTemplate('darwin', true)[0]).toEqual({ role: 'appMenu' });
    expect(roles(menuTemplate('win32', true))).not.toContain('appMenu');
  });
});

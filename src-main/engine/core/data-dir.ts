import { homedir } from 'node:os';
import { join } from 'node:path';

/** The OS's per-user application-data folder for Folio. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Folio');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Folio');
  return join(env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share'), 'folio');
}

/** At most this many addresses of one hub in the sync settings. */
export const MAX_HUB_ADDRESSES = 8;

const ADDRESS = /^wss?:\/\/[^/\s,]+\/[^\s,]*$/;

/**
 * The addresses of one hub, as the sync settings hold them: one, or several processes of the
 * same hub on PostgreSQL separated by commas (docs/hub.md, "Fail-over"). The replica connects to
 * one at a time and moves to the next when a connection fails. The whole string names the hub
 * (its cursors), so listing the same processes in another order starts over as a new hub.
 */
export function hubAddresses(url: string): string[] {
  return url
    .split(',')
    .map((address) => address.trim())
    .filter((address) => address !== '');
}

/** Why the settings' addresses are not usable, or undefined. */
export function hubAddressesProblem(url: string): string | undefined {
  const addresses = hubAddresses(url);
  if (addresses.length === 0) return 'expected a ws:// or wss:// URL';
  if (addresses.length > MAX_HUB_ADDRESSES) return `at most ${MAX_HUB_ADDRESSES} addresses, separated by commas`;
  const wrong = addresses.find((address) => !ADDRESS.test(address));
  return wrong === undefined ? undefined : `expected a ws:// or wss:// URL, or several separated by commas: ${wrong.slice(0, 80)}`;
}

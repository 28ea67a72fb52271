import type { ImageBytes } from './pdf-page.js';

const DATA_URL = /^data:image\/(?:png|jpeg|jpg);base64,([A-Za-z0-9+/=\s]+)$/i;

/**
 * The bytes of images written into the page as `data:` URLs. Images elsewhere on the web are not
 * fetched: the engine works offline, and a PDF must not wait on the network.
 */
export const dataUrlImages: ImageBytes = (src) => {
  const match = DATA_URL.exec(src);
  return match ? Buffer.from(match[1]!.replace(/\s/g, ''), 'base64') : undefined;
};

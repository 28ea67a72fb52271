import { request } from 'node:http';

/** A request with a Host header of our choosing (fetch does not let us set it). */
export function requestWithHost(url: string, host: string, token: string): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host, authorization: `Bearer ${token}` } }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : undefined }));
    });
    req.on('error', reject);
    req.end();
  });
}

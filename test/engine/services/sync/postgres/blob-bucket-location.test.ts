import { describe, expect, it } from 'vitest';
import { bucketLocation } from '../../../../../src-main/engine/services/sync/postgres/blob-bucket.js';

// What `--blob-s3` names, read without a request: AWS's own endpoints are never contacted by the tests.
describe('--blob-s3 URL', () => {
  it('s3://BUCKET/PREFIX is the bucket on its own AWS host in the region of the environment', () => {
    expect(bucketLocation('s3://acme-folio/hub/one', { AWS_REGION: 'eu-west-1' })).toEqual({
      base: 'https://acme-folio.s3.eu-west-1.amazonaws.com',
      bucket: 'acme-folio',
      prefix: 'hub/one/',
      region: 'eu-west-1',
    });
    expect(bucketLocation('s3://acme-folio', { AWS_REGION: 'eu-west-1', FOLIO_S3_REGION: 'us-west-2' })).toMatchObject({ prefix: '', region: 'us-west-2' });
    expect(bucketLocation('s3://acme-folio/', {}).region).toBe('us-east-1');
  });

  it('http(s)://HOST:PORT/BUCKET/PREFIX is another S3-compatible server, addressed path-style', () => {
    expect(bucketLocation('https://minio.internal:9000/folio-blobs/a/', {})).toEqual({ base: 'https://minio.internal:9000/folio-blobs', bucket: 'folio-blobs', prefix: 'a/', region: 'us-east-1' });
  });

  it('refuses credentials in the URL, other schemes, bad bucket names and prefixes', () => {
    expect(() => bucketLocation('https://key:secret@minio.internal/b1b', {})).toThrow('--blob-s3: credentials do not go in the URL');
    expect(() => bucketLocation('ftp://host/bucket', {})).toThrow('expected s3://, http:// or https://');
    expect(() => bucketLocation('http://host/', {})).toThrow('not a bucket name: (none)');
    expect(() => bucketLocation('s3://Bad_Bucket', {})).toThrow('not a bucket name');
    expect(() => bucketLocation('s3://bucket/a%20b', {})).toThrow('a prefix is letters');
    expect(() => bucketLocation('s3://bucket?x=1', {})).toThrow('no query');
    expect(() => bucketLocation('bucket', {})).toThrow('expected s3://BUCKET');
  });
});

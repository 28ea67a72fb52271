/** The little of s3rver 3 the tests use (it ships no types). */
declare module 's3rver' {
  export default class S3rver {
    constructor(options: { address: string; port: number; directory: string; silent?: boolean; configureBuckets?: { name: string }[] });
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}

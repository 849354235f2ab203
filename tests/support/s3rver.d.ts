/** s3rver ships no types: the part of its API the tests use (s3-test-bucket.ts). */
declare module "s3rver" {
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    configureBuckets?: Array<{ name: string; configs?: Array<string | Buffer> }>;
  }
  export default class S3rver {
    constructor(options?: S3rverOptions);
    run(): Promise<import("node:net").AddressInfo>;
    close(): Promise<void>;
    httpServer?: import("node:http").Server;
  }
}

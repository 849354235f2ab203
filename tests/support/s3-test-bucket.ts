/**
 * A real S3-compatible server for tests: s3rver on 127.0.0.1, a free port, its objects in a temporary
 * folder, one bucket made at start. Tests reach it through the same AWS SDK the app uses, with their own
 * client, so what they see in the bucket does not depend on the code under test.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import type { S3Settings } from "#app/config.server";

/** s3rver's one account. */
const CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export interface TestBucket {
  /** The settings the app would read from S3_* and AWS_* (`env`). */
  settings: S3Settings;
  env: Record<string, string>;
  /** Every object in the bucket, sorted, whatever its name. */
  objectKeys(): Promise<string[]>;
  stop(): Promise<void>;
}

export async function startTestBucket(bucket = "newsdesk-media"): Promise<TestBucket> {
  const folder = await mkdtemp(path.join(os.tmpdir(), "newsdesk-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: folder,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const settings: S3Settings = {
    bucket,
    endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: CREDENTIALS,
  };
  const client = new S3Client({ ...settings, requestChecksumCalculation: "WHEN_REQUIRED" });
  return {
    settings,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: "true",
      AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    },
    async objectKeys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((object) => object.Key ?? "").sort();
    },
    async stop() {
      client.destroy();
      // Clients keep connections open; closing waits for none of them.
      server.httpServer?.closeAllConnections();
      await server.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

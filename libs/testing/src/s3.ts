import { testServers } from './servers.js';

export interface TestS3 {
  url: string;
  accessKey: string;
  secretKey: string;
}

/**
 * The S3-compatible server of this run: TEST_S3_URL (with TEST_S3_ACCESS_KEY / TEST_S3_SECRET_KEY)
 * or the s3rver the global setup started. s3rver does not verify signatures: it stands in for
 * MinIO's data path, never for its auth. Give each test file its own bucket.
 */
export function testS3(env: NodeJS.ProcessEnv = process.env): TestS3 {
  const url = testServers(env).s3;
  if (!url) throw new Error('No S3-compatible server is available to tests (see the jest global setup output)');
  return {
    url,
    accessKey: env.TEST_S3_ACCESS_KEY || 'S3RVER',
    secretKey: env.TEST_S3_SECRET_KEY || 'S3RVER',
  };
}

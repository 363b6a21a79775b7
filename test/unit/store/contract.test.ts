/**
 * The Store contract (store-contract.ts) on both backends: the local folder and S3 (through
 * openStore, against the loopback S3 server, each test under a fresh prefix).
 */
import { afterAll, beforeAll } from 'vitest';
import { Agent } from 'undici';
import { localStore } from '../../../src/store/local.js';
import { openStore } from '../../../src/store/open.js';
import { makeTempDir } from '../../helpers/temp.js';
import { startS3Server, type S3Server } from '../../helpers/s3-server.js';
import { storeContract } from './store-contract.js';

let server: S3Server;
let agent: Agent;
let n = 0;
beforeAll(async () => {
  server = await startS3Server();
  agent = new Agent();
});
afterAll(async () => {
  await agent.close();
  await server.close();
});

storeContract('local folder', async () => localStore(makeTempDir('contract')));

storeContract('S3', async () =>
  openStore(`s3://lake/contract-${++n}/`, {
    env: {
      AWS_ACCESS_KEY_ID: server.credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: server.credentials.secretAccessKey,
      AWS_ENDPOINT_URL: server.url,
      HOME: makeTempDir('contract-home'),
    },
    dispatcher: agent,
    retry: { baseMs: 1, capMs: 5 },
  }),
);

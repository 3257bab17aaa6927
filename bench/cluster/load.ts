/**
 * The cluster bench's mixed load, every request through the balancer: sign-ins through the identity
 * service, dashboard and customer-list reads, ingest batches with unique report ids, open event streams.
 */
import { identityRequest, passwordAuth } from '../support/session.ts';
import { call, type Recorder } from './http.ts';
import { keepStreamOpen, type StreamFigures } from './streams.ts';

export interface LoadSetup {
  url: string;
  clientId: string;
  /** Accounts that sign in over and over. */
  accounts: { email: string; password: string }[];
  /** Company tokens of dealers: reads and event streams. */
  companyTokens: string[];
  ingestKey: string;
  deviceIds: string[];
  runId: string;
}

export interface IngestFigures {
  batches: number;
  reports: number;
  /** Reports the answers called accepted, and duplicates (a batch a process applied before HAProxy replayed it). */
  accepted: number;
  duplicates: number;
}

const BATCH_SIZE = 20;

async function signIns(setup: LoadSetup, recorder: Recorder, signal: AbortSignal, offset: number) {
  for (let i = offset; !signal.aborted; i += 1) {
    const account = setup.accounts[i % setup.accounts.length] as { email: string; password: string };
    const answer = await call(
      recorder,
      'sign-in (identity InitiateAuth)',
      `${setup.url}/api/identity/`,
      identityRequest('InitiateAuth', passwordAuth(setup.clientId, account.email, account.password)),
      200,
    );
    const idToken = answer && (JSON.parse(answer.text).AuthenticationResult?.IdToken as string | undefined);
    if (!idToken) continue;
    await call(
      recorder,
      'company info (session token)',
      `${setup.url}/api/reseller/v1/companies/info`,
      { headers: { authorization: `Bearer ${idToken}` } },
      200,
    );
  }
}

async function reads(setup: LoadSetup, recorder: Recorder, signal: AbortSignal, offset: number) {
  for (let i = offset; !signal.aborted; i += 1) {
    const token = setup.companyTokens[i % setup.companyTokens.length] as string;
    const headers = { authorization: `Bearer ${token}` };
    await call(
      recorder,
      'dashboard statistics',
      `${setup.url}/api/user-portal/companies/statistics`,
      { headers },
      200,
    );
    await call(
      recorder,
      'customer list',
      `${setup.url}/api/user-portal/companies/organizations`,
      { headers },
      200,
    );
  }
}

async function ingest(
  setup: LoadSetup,
  recorder: Recorder,
  figures: IngestFigures,
  signal: AbortSignal,
  client: number,
) {
  for (let n = 0; !signal.aborted; n += 1) {
    const at = new Date().toISOString();
    const reports = Array.from({ length: BATCH_SIZE }, (_, i) => ({
      id: `${setup.runId}-${client}-${n}-${i}`,
      deviceId: setup.deviceIds[(n * BATCH_SIZE + i + client * 7) % setup.deviceIds.length] as string,
      at,
      connected: true,
    }));
    figures.batches += 1;
    figures.reports += reports.length;
    const answer = await call(
      recorder,
      'ingest batch',
      `${setup.url}/api/ingest/v1/reports`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${setup.ingestKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ reports }),
      },
      202,
    );
    if (!answer) continue;
    const result = JSON.parse(answer.text) as { accepted: number; duplicates: number; rejected: unknown[] };
    figures.accepted += result.accepted;
    figures.duplicates += result.duplicates;
    if (result.accepted + result.duplicates !== reports.length)
      recorder.fail('ingest batch', `batch ${client}-${n}: ${answer.text.slice(0, 200)}`);
  }
}

/** Runs every actor until `signal` aborts; returns when all have stopped. */
export async function runLoad(
  setup: LoadSetup,
  recorder: Recorder,
  figures: { ingest: IngestFigures; streams: StreamFigures },
  signal: AbortSignal,
  counts = { signIns: 2, readers: 3, ingesters: 2, streams: 8 },
): Promise<void> {
  await Promise.all([
    ...Array.from({ length: counts.signIns }, (_, i) => signIns(setup, recorder, signal, i)),
    ...Array.from({ length: counts.readers }, (_, i) => reads(setup, recorder, signal, i)),
    ...Array.from({ length: counts.ingesters }, (_, i) => ingest(setup, recorder, figures.ingest, signal, i)),
    ...Array.from({ length: counts.streams }, (_, i) =>
      keepStreamOpen(
        setup.url,
        setup.companyTokens[i % setup.companyTokens.length] as string,
        figures.streams,
        signal,
      ),
    ),
  ]);
}

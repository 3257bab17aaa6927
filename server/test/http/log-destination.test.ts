import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The batched stdout of the JSON log (decision 0016) loses nothing on exit and keeps a quiet server's log current. */

const fixture = fileURLToPath(new URL('./fixtures/batched-log.ts', import.meta.url));

function run(mode: 'exit' | 'stay') {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture, mode], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  return {
    child,
    stdout: () => stdout,
    exited: new Promise<void>((resolve) => child.once('exit', () => resolve())),
  };
}

describe('batched log destination', () => {
  it('writes the lines still in the batch when the process exits', async () => {
    const { stdout, exited } = run('exit');
    await exited;
    expect(stdout()).toContain('"msg":"first line"');
    expect(stdout()).toContain('"msg":"last line"');
  });

  it('writes a lone line within about a second, without waiting for a full batch', async () => {
    const { child, stdout, exited } = run('stay');
    const deadline = Date.now() + 8_000;
    while (!stdout().includes('first line') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const seen = stdout().includes('first line');
    const stillRunning = child.exitCode === null;
    child.kill();
    await exited;
    expect(seen).toBe(true);
    // Seen while the process was still idling: the periodic flush wrote it, not the exit.
    expect(stillRunning).toBe(true);
  });
});

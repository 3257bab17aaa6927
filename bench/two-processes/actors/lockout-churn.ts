import { passwordAuth } from '../../support/session.ts';
import { ACCOUNTS } from '../accounts.ts';
import { identity, type Target } from '../client.ts';
import type { Context } from '../context.ts';
import { Client, sleep } from '../load-client.ts';
import { passed } from '../model.ts';

/** Five wrong passwords, alternating; the right one at once through the other process must be refused. */
export async function lockoutChurn(ctx: Context, index: number): Promise<void> {
  const client = new Client(ctx, index);
  const { recorder, model, settings } = ctx;
  const { email, password } = ACCOUNTS.lockout;
  const attempt = (target: Target, secret: string, refusal?: { type: string; message?: string }) =>
    identity(recorder, target, 'InitiateAuth', passwordAuth(settings.clientId, email, secret), {
      clientAddress: client.address(),
      ...(refusal ? { refusal } : {}),
    });
  while (client.running()) {
    let lastTarget = client.nextFor('lockout');
    let lockedAt = 0;
    for (let i = 0; i < 5; i++) {
      lastTarget = i === 0 ? lastTarget : client.next();
      lockedAt = performance.now();
      await attempt(lastTarget, 'Wrong-Pass-2025', {
        type: 'NotAuthorizedException',
        message: 'Incorrect username or password.',
      });
    }
    // The fifth failure locks the account for 1 s; only a check within that second is conclusive.
    const right = await identity(
      recorder,
      client.other(lastTarget),
      'InitiateAuth',
      passwordAuth(settings.clientId, email, password),
      {
        clientAddress: client.address(),
        refusal: { type: 'NotAuthorizedException', message: 'Password attempts exceeded' },
        mayPass: true,
      },
    );
    const elapsed = performance.now() - lockedAt;
    if (right.ok) passed(model, 'lockout at one process seen at the other');
    else if (right.status === 200 && elapsed < 900) {
      recorder.error(
        'inconsistent',
        `locked account signed in at the other process ${elapsed.toFixed(0)} ms after the lock`,
      );
    } else if (right.status === 200) passed(model, 'lockout at one process seen at the other', true);
    await sleep(1200);
    // After the lock, the right password works at either process (and resets the count).
    await attempt(client.nextFor('unlock'), password);
    await sleep(500);
  }
}

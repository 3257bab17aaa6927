import type { RuntimeConfig } from '@portal/contracts/runtime-config';
import { obmApi } from '@/shared/api/clients.ts';
import type { AuthServices } from '@/shared/session/auth-services.ts';
import { noteSignIn } from '@/shared/session/language/profile-language.ts';
import { clearCompanyCaches } from '@/shared/session/sign-out/clear-company-caches.ts';

/**
 * What the app's own sign-in does after Amplify's DONE (amplify-session.ts `finish`, use-complete-sign-in.ts),
 * for a sign-in the pre-rendered form made before the app started: forget every earlier user's tokens and
 * cached company data, let the first account load settle the language, and send the login record
 * (statistics only; nothing waits for it).
 */
export function completeFormSignIn(
  auth: AuthServices,
  config: RuntimeConfig,
  now: () => number = Date.now,
): void {
  auth.tokens.clear();
  noteSignIn();
  void clearCompanyCaches().catch((error: unknown) =>
    console.warn('Cached responses could not be cleared', error),
  );
  void (async () => {
    const session = await auth.session.current();
    if (!session?.email) return;
    await obmApi('/v1/stats/login_record', {
      method: 'POST',
      body: { email: session.email, region: config.identity.region, timestamp: now() },
    });
  })().catch((error: unknown) => console.warn('The login record could not be saved', error));
}

import { lazy, Suspense } from 'react';
import { useMyProfile } from './api/get-my-profile.ts';
import { useMarkWelcomeVideoSeen } from './api/mark-welcome-video-seen.ts';

// Its own chunk: shown once per user, never needed for a page's first paint.
const WelcomeVideoDialog = lazy(async () => ({
  default: (await import('./WelcomeVideoDialog.tsx')).WelcomeVideoDialog,
}));

/** Offers the welcome video until the user has closed it once (profile.welcomeVideoSeen, kept by the server). */
export function WelcomeVideoGate() {
  const profile = useMyProfile();
  const markSeen = useMarkWelcomeVideoSeen();
  if (!profile.data || profile.data.welcomeVideoSeen) return null;
  const userId = profile.data.userId;
  return (
    <Suspense fallback={null}>
      <WelcomeVideoDialog onStart={() => markSeen.mutate(userId)} />
    </Suspense>
  );
}

import { useMyProfile } from './api/get-my-profile.ts';
import { useMarkWelcomeVideoSeen } from './api/mark-welcome-video-seen.ts';
import { WelcomeVideoDialog } from './WelcomeVideoDialog.tsx';

/** Offers the welcome video until the user has closed it once (profile.welcomeVideoSeen, kept by the server). */
export function WelcomeVideoGate() {
  const profile = useMyProfile();
  const markSeen = useMarkWelcomeVideoSeen();
  if (!profile.data || profile.data.welcomeVideoSeen) return null;
  const userId = profile.data.userId;
  return <WelcomeVideoDialog onStart={() => markSeen.mutate(userId)} />;
}

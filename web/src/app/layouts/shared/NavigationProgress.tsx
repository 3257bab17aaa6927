import LinearProgress from '@mui/material/LinearProgress';
import { useNavigation } from 'react-router';

/** A thin bar while route loaders run, so a slow guard or page load is visible. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <LinearProgress
      aria-hidden="true"
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        height: 3,
      }}
    />
  );
}

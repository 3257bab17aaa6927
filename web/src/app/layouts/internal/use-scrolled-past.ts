import { useEffect, useState } from 'react';

/**
 * Whether the window is scrolled more than `threshold` px, read only when it scrolls: MUI's useScrollTrigger
 * also read the position on mount, a forced layout of the whole new page inside its first commit (a page
 * opens at the top, and a restored position arrives as a scroll event).
 */
export function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > threshold);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return past;
}

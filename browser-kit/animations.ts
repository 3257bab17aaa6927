import type { Page } from 'playwright-core';

/**
 * Waits until every finite CSS transition or animation (dialog fades, ripples) has ended; endless ones
 * (spinners) are left running. A dialog fading in has partial opacity, which axe reads as low contrast,
 * and a screenshot catches half-way.
 */
export async function animationsFinished(page: Pick<Page, 'waitForFunction'>): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
      ),
  );
}

import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initI18n } from '@/shared/i18n/i18n.ts';
import { ScrollToTopButton } from './ScrollToTopButton.tsx';

await initI18n('en');

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  });
}

describe('ScrollToTopButton', () => {
  it('shows once the page is scrolled more than 300 px, and goes when it is back near the top', async () => {
    render(<ScrollToTopButton />);
    const button = () => screen.queryByRole('button', { name: 'Scroll to top' });
    expect(button()).toBeNull();
    scrollTo(300);
    expect(button()).toBeNull();
    scrollTo(301);
    expect(button()).toBeTruthy();
    scrollTo(120);
    // It shrinks away (MUI's Zoom), then is hidden from everyone.
    await waitFor(() => expect(button()).toBeNull(), { timeout: 5_000 });
  });
});

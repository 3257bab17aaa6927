import IconButton from '@mui/material/IconButton';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LazyTooltip } from './LazyTooltip.tsx';

const renderButton = (onClick = vi.fn()) => {
  render(
    <>
      <button type="button">Before</button>
      <LazyTooltip title="Change language">
        <IconButton onClick={onClick}>A</IconButton>
      </LazyTooltip>
    </>,
  );
  return onClick;
};

describe('LazyTooltip', () => {
  it('names the control by its title before any tooltip is mounted', () => {
    renderButton();
    expect(screen.getByRole('button', { name: 'Change language' })).toBeTruthy();
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows the tooltip on the first mouse hover, and the control still works', async () => {
    const user = userEvent.setup();
    const onClick = renderButton();
    await user.hover(screen.getByRole('button', { name: 'Change language' }));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Change language');
    await user.click(screen.getByRole('button', { name: 'Change language' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('shows the tooltip on keyboard focus and keeps the focus on the control', async () => {
    const user = userEvent.setup();
    renderButton();
    await user.tab();
    await user.tab();
    expect((await screen.findByRole('tooltip')).textContent).toBe('Change language');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Change language' }));
  });

  /*
   * Past the enter delay: a timer set after the tooltip's (100 ms) fires after it, and the tooltip's code is
   * loaded by then, so a tooltip that was going to mount has mounted.
   */
  const pastTheEnterDelay = async () => {
    await import('@mui/material/Tooltip');
    await act(() => new Promise((resolve) => setTimeout(resolve, 250)));
  };

  it('does not arm on touch: the tapped element stays the same', async () => {
    const onClick = renderButton();
    const button = screen.getByRole('button', { name: 'Change language' });
    fireEvent.pointerEnter(button, { pointerType: 'touch' });
    await pastTheEnterDelay();
    expect(screen.getByRole('button', { name: 'Change language' })).toBe(button);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('a control pressed before the delay is over keeps its element (a menu may be anchored to it)', async () => {
    const onClick = renderButton();
    const button = screen.getByRole('button', { name: 'Change language' });
    await userEvent.click(button);
    await pastTheEnterDelay();
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Change language' })).toBe(button);
  });

  it('a mouse resting on it mounts it anew (the case the tests above rule out)', async () => {
    renderButton();
    const button = screen.getByRole('button', { name: 'Change language' });
    fireEvent.pointerEnter(button, { pointerType: 'mouse' });
    await screen.findByRole('tooltip');
    expect(screen.getByRole('button', { name: 'Change language' })).not.toBe(button);
  });
});

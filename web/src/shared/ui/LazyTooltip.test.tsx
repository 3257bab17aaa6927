import IconButton from '@mui/material/IconButton';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
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
const control = () => screen.getByRole('button', { name: 'Change language' });

/*
 * Past the enter delay: a timer set after the tooltip's (100 ms) fires after it, and the tooltip's code is
 * loaded by then, so a tooltip that was going to open has opened.
 */
const pastTheEnterDelay = async () => {
  await import('./TooltipPopup.tsx');
  await act(() => new Promise((resolve) => setTimeout(resolve, 250)));
};

describe('LazyTooltip', () => {
  it('names the control by its title before any tooltip is mounted', () => {
    renderButton();
    expect(control()).toBeTruthy();
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows the tooltip when the mouse rests on the control, on the same element, and the control still works', async () => {
    const user = userEvent.setup();
    const onClick = renderButton();
    const button = control();
    await user.hover(button);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Change language');
    expect(control()).toBe(button);
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('shows the tooltip on keyboard focus, and the focus stays on the control', async () => {
    const user = userEvent.setup();
    renderButton();
    await user.tab();
    await user.tab();
    const button = control();
    expect((await screen.findByRole('tooltip')).textContent).toBe('Change language');
    expect(control()).toBe(button);
    expect(document.activeElement).toBe(button);
  });

  it('hides the tooltip when the mouse leaves, and shows it again at the next rest', async () => {
    renderButton();
    const button = control();
    fireEvent.pointerEnter(button, { pointerType: 'mouse' });
    await screen.findByRole('tooltip');
    fireEvent.pointerLeave(button, { pointerType: 'mouse' });
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    fireEvent.pointerEnter(button, { pointerType: 'mouse' });
    expect((await screen.findByRole('tooltip')).textContent).toBe('Change language');
  });

  it('hides the tooltip when a key is pressed on the control', async () => {
    const user = userEvent.setup();
    renderButton();
    await user.tab();
    await user.tab();
    await screen.findByRole('tooltip');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    expect(document.activeElement).toBe(control());
  });

  it('does not open on touch', async () => {
    const onClick = renderButton();
    const button = control();
    fireEvent.pointerEnter(button, { pointerType: 'touch' });
    await pastTheEnterDelay();
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('does not open when the control is pressed before the delay is over (a menu may open from it)', async () => {
    const onClick = renderButton();
    await userEvent.click(control());
    await pastTheEnterDelay();
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});

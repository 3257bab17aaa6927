import Tooltip, { type TooltipProps } from '@mui/material/Tooltip';
import { createPortal } from 'react-dom';

export interface TooltipPopupProps {
  /** The control the tooltip belongs to: the popper is placed against it. */
  anchor: HTMLElement;
  title: string;
  placement?: TooltipProps['placement'];
  open: boolean;
}

/**
 * MUI's Tooltip for LazyTooltip, beside the control rather than around it: MUI's Tooltip clones its child,
 * and mounting it around a control that is already on the page would replace the control's element (its
 * focus, a menu anchored to it, what a screen reader announced). Here its child is a hidden stand-in in
 * <body>, the popper is placed against the control, and LazyTooltip opens and closes it.
 */
export function TooltipPopup({ anchor, title, placement, open }: TooltipPopupProps) {
  return createPortal(
    <Tooltip
      title={title}
      placement={placement}
      open={open}
      disableFocusListener
      disableHoverListener
      disableTouchListener
      slotProps={{ popper: { anchorEl: anchor } }}
    >
      <span hidden />
    </Tooltip>,
    anchor.ownerDocument.body,
  );
}

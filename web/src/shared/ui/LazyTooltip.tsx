import { useForkRef } from '@mui/material/utils';
import {
  type ComponentType,
  cloneElement,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement,
  type Ref,
  useEffect,
  useRef,
  useState,
} from 'react';
import type { TooltipPopupProps } from './TooltipPopup.tsx';

interface TriggerProps {
  'aria-label'?: string;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  ref?: Ref<HTMLElement>;
}

interface LazyTooltipProps {
  /** Also the control's accessible name when it has none of its own (as MUI's Tooltip does). */
  title: string;
  placement?: TooltipPopupProps['placement'];
  children: ReactElement<TriggerProps>;
}

type Popup = ComponentType<TooltipPopupProps>;
let loadedPopup: Promise<Popup> | undefined;
const loadPopup = () => {
  loadedPopup ??= import('./TooltipPopup.tsx').then(
    ({ TooltipPopup }) => TooltipPopup,
    (error: unknown) => {
      loadedPopup = undefined; // not loaded (offline): tried again at the next hover
      throw error;
    },
  );
  return loadedPopup;
};

/** MUI's own delay before a tooltip opens: a pointer passing over a control shows nothing. */
const ENTER_DELAY_MS = 100;

/**
 * A tooltip whose code (MUI's Tooltip and Popper) loads and mounts only once the mouse has rested on the
 * control or the keyboard has focused it, for MUI's enter delay. The header and the side navigation carry a
 * tooltip on every icon button, and lists one per row: mounting them all with each page cost a synchronous
 * re-render each (MUI's Tooltip keeps its child's node in state) and Popper's code (8.5 KB gzip) in every
 * page's initial JavaScript (issue 24). The control is rendered as it is, named by `title`, and stays the same
 * element throughout: the tooltip mounts beside it (TooltipPopup). It closes when the pointer leaves, the
 * focus goes, a key is pressed or the control is pressed. Touch does not open it (a long press would).
 */
export function LazyTooltip({ title, placement, children }: LazyTooltipProps) {
  const [shown, setShown] = useState<{ Popup: Popup; anchor: HTMLElement } | null>(null);
  const [open, setOpen] = useState(false);
  const resting = useRef<'pointer' | 'focus' | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const focusedByPointer = useRef(false);
  const node = useRef<HTMLElement>(null);
  const ref = useForkRef(children.props.ref, node);

  useEffect(() => () => clearTimeout(timer.current), []);

  const rest = (by: 'pointer' | 'focus') => {
    resting.current = by;
    clearTimeout(timer.current);
    const code = loadPopup();
    timer.current = setTimeout(() => {
      code.then(
        (Popup) => {
          const anchor = node.current;
          if (resting.current !== by || !anchor) return;
          setShown((current) => (current?.anchor === anchor ? current : { Popup, anchor }));
          setOpen(true);
        },
        () => undefined, // the control works without its tooltip
      );
    }, ENTER_DELAY_MS);
  };
  const stop = () => {
    resting.current = null;
    clearTimeout(timer.current);
    setOpen(false);
  };
  const { props } = children;
  const control = cloneElement(children, {
    ref,
    'aria-label': props['aria-label'] ?? title,
    onPointerEnter: (event) => {
      props.onPointerEnter?.(event);
      if (event.pointerType !== 'touch') rest('pointer');
    },
    onPointerLeave: (event) => {
      props.onPointerLeave?.(event);
      if (resting.current === 'pointer') stop();
    },
    onPointerDown: (event) => {
      props.onPointerDown?.(event);
      focusedByPointer.current = true;
      stop();
    },
    onKeyDown: (event) => {
      props.onKeyDown?.(event);
      stop();
    },
    onFocus: (event) => {
      props.onFocus?.(event);
      const byKeyboard = !focusedByPointer.current && event.currentTarget.matches(':focus-visible');
      if (resting.current !== 'pointer' && byKeyboard) rest('focus');
    },
    onBlur: (event) => {
      props.onBlur?.(event);
      focusedByPointer.current = false;
      if (resting.current === 'focus') stop();
    },
  });
  // One shape before and after the tooltip's code has come: a different shape would mount the control anew.
  return (
    <>
      {control}
      {shown && <shown.Popup anchor={shown.anchor} title={title} placement={placement} open={open} />}
    </>
  );
}

import type { TooltipProps } from '@mui/material/Tooltip';
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
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { flushSync } from 'react-dom';

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
  placement?: TooltipProps['placement'];
  children: ReactElement<TriggerProps>;
}

type MuiTooltip = ComponentType<TooltipProps>;
let loadedTooltip: Promise<MuiTooltip> | undefined;
const loadTooltip = () => {
  loadedTooltip ??= import('@mui/material/Tooltip').then(
    ({ default: Tooltip }) => Tooltip,
    (error: unknown) => {
      loadedTooltip = undefined; // not loaded (offline): tried again at the next hover
      throw error;
    },
  );
  return loadedTooltip;
};

/** MUI's own delay before a tooltip opens: a pointer passing over a control shows nothing. */
const ENTER_DELAY_MS = 100;

/**
 * MUI's Tooltip, mounted once the mouse has rested on the control or the keyboard has focused it for
 * MUI's enter delay. The header and the side navigation carry a tooltip on every icon button, and lists one
 * per row: mounting them all with each page cost a synchronous re-render each (MUI's Tooltip keeps its
 * child's node in state) and Popper's code (8.5 KB gzip) in every page's initial JavaScript (issue 24).
 * Until then the control is rendered as it is, named by `title`.
 * Mounting the tooltip mounts the control anew, so it happens only while the control rests: a control
 * pressed, left or blurred within the delay keeps its element (a menu may be anchored to it) and gets its
 * tooltip at the next rest; a control that had the keyboard's focus gets it back. Touch does not arm it (a
 * tap would land on a replaced element).
 */
export function LazyTooltip({ title, placement, children }: LazyTooltipProps) {
  const [armed, setArmed] = useState<{ Tooltip: MuiTooltip; by: 'pointer' | 'focus' } | null>(null);
  const [open, setOpen] = useState(false);
  const resting = useRef<'pointer' | 'focus' | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const focusedByPointer = useRef(false);
  const node = useRef<HTMLElement>(null);
  const ref = useForkRef(children.props.ref, node);

  useEffect(() => () => clearTimeout(timer.current), []);
  // In the commit that replaced the element: a key pressed meanwhile would start again from <body>.
  useLayoutEffect(() => {
    if (armed?.by === 'focus') node.current?.focus();
  }, [armed]);

  if (armed) {
    const { Tooltip } = armed;
    return (
      <Tooltip
        title={title}
        placement={placement}
        open={open}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
      >
        {cloneElement(children, { ref })}
      </Tooltip>
    );
  }

  const rest = (by: 'pointer' | 'focus') => {
    resting.current = by;
    clearTimeout(timer.current);
    const code = loadTooltip();
    timer.current = setTimeout(() => {
      code.then(
        (Tooltip) => {
          if (resting.current !== by) return;
          // In this task: no press can reach the element between the check and the new element.
          flushSync(() => {
            setOpen(true);
            setArmed({ Tooltip, by });
          });
        },
        () => undefined, // the control works without its tooltip
      );
    }, ENTER_DELAY_MS);
  };
  const stop = () => {
    resting.current = null;
    clearTimeout(timer.current);
  };
  const { props } = children;
  return cloneElement(children, {
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
}

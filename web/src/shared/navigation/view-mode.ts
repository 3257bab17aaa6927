import { useSearchParams } from 'react-router';

/** The card/map toggle of the main layout's title area (SPEC §2), kept in the URL so it survives reloads. */
export const VIEW_MODES = ['cardMode', 'mapMode'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];
export const VIEW_MODE_PARAM = 'view';

export function parseViewMode(value: string | null): ViewMode {
  return value === 'mapMode' ? 'mapMode' : 'cardMode';
}

export function useViewMode(): [ViewMode, (mode: ViewMode) => void] {
  const [params, setParams] = useSearchParams();
  const mode = parseViewMode(params.get(VIEW_MODE_PARAM));
  const setMode = (next: ViewMode) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'cardMode') updated.delete(VIEW_MODE_PARAM);
        else updated.set(VIEW_MODE_PARAM, next);
        return updated;
      },
      { replace: true },
    );
  return [mode, setMode];
}

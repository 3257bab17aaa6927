/** SPEC §2 / §9: navigation 240 px full, 64 px rail; a drag ending below half the full width snaps to the rail. */
export const NAV_WIDTH_FULL = 240;
export const NAV_WIDTH_RAIL = 64;
export const NAV_SNAP_THRESHOLD = NAV_WIDTH_FULL / 2;

export type NavState = 'full' | 'rail';

/** The width shown while dragging: the pointer's position, kept between rail and full. */
export function clampNavWidth(pointerX: number): number {
  return Math.min(NAV_WIDTH_FULL, Math.max(NAV_WIDTH_RAIL, Math.round(pointerX)));
}

/** Where the navigation settles when the drag ends. */
export function snapNavWidth(draggedWidth: number): NavState {
  return draggedWidth < NAV_SNAP_THRESHOLD ? 'rail' : 'full';
}

export function navWidthOf(state: NavState): number {
  return state === 'rail' ? NAV_WIDTH_RAIL : NAV_WIDTH_FULL;
}

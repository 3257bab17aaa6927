/** SPEC §3 avatar colours, in the spec's order; the name's first character picks one when none is given. */
export const AVATAR_COLORS = {
  rose: '#e0245e',
  pink: '#d6409f',
  orange: '#e8590c',
  cyan: '#0b8fa8',
  aquamarine: '#12a085',
  indigo: '#4c51bf',
  yellow: '#b7791f',
  blue: '#1f6fd1',
  green: '#2f9e44',
  gold: '#a8740b',
  lightblue: '#3b8fd9',
  purple: '#7e3fbf',
} as const;

export type AvatarColor = keyof typeof AVATAR_COLORS;
export const AVATAR_COLOR_NAMES = Object.keys(AVATAR_COLORS) as AvatarColor[];

/** SPEC §9 avatar sizes in pixels. */
export const AVATAR_SIZES = { xs: 20, sm: 28, md: 32, lg: 48, figure: 120 } as const;
export type AvatarSize = keyof typeof AVATAR_SIZES;

/** The colour of a name's avatar: its first character's code point picks one of the twelve; empty names get the first. */
export function avatarColorFor(name: string): AvatarColor {
  const first = name.trim().codePointAt(0);
  if (first === undefined) return AVATAR_COLOR_NAMES[0]!;
  return AVATAR_COLOR_NAMES[first % AVATAR_COLOR_NAMES.length]!;
}

/** The letter shown in the avatar: the name's first character, upper-cased (a whole code point, so CJK and emoji stay intact). */
export function avatarInitial(name: string): string {
  const first = [...name.trim()][0];
  return first ? first.toLocaleUpperCase() : '';
}

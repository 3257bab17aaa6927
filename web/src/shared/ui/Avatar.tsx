import PersonOutlined from '@mui/icons-material/PersonOutlined';
import MuiAvatar from '@mui/material/Avatar';
import {
  AVATAR_COLORS,
  AVATAR_SIZES,
  type AvatarColor,
  type AvatarSize,
  avatarColorFor,
  avatarInitial,
} from './avatar-colors.ts';

interface AvatarProps {
  name: string;
  size?: AvatarSize;
  /** One of the twelve colours; chosen from the name's first character when omitted. */
  color?: AvatarColor;
}

/** A round avatar with the name's initial; decorative, since the name is always shown or labelled next to it. */
export function Avatar({ name, size = 'md', color }: AvatarProps) {
  const pixels = AVATAR_SIZES[size];
  const initial = avatarInitial(name);
  return (
    <MuiAvatar
      aria-hidden="true"
      sx={{
        width: pixels,
        height: pixels,
        fontSize: Math.round(pixels * 0.45),
        fontWeight: 600,
        color: '#fff',
        bgcolor: AVATAR_COLORS[color ?? avatarColorFor(name)],
      }}
    >
      {initial || <PersonOutlined sx={{ fontSize: Math.round(pixels * 0.6) }} />}
    </MuiAvatar>
  );
}

import MenuItem from '@mui/material/MenuItem';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { TOUCH_QUERY } from '@/shared/theme/touch.ts';

export interface FilterOption {
  value: string;
  label: string;
}

/**
 * A small select of a filters bar: one value of a URL parameter, or none (null or absent: the `anyLabel` entry;
 * without `anyLabel`, a value is always chosen). By default the empty field reads `anyLabel` under its raised
 * label; `emptyShowsLabel` leaves it empty with the label inside instead.
 *
 * On a touch screen it is the browser's own select: the phone's picker, sized for a finger, and none of the
 * menu's work when a filters bar first renders (MUI's Select re-renders inside the page's first commit).
 */
export function FilterSelect({
  label,
  anyLabel,
  value,
  options,
  onChange,
  emptyShowsLabel = false,
  className,
  sx,
}: {
  label: string;
  anyLabel?: string;
  value: string | null | undefined;
  options: readonly FilterOption[];
  onChange: (value: string | null) => void;
  emptyShowsLabel?: boolean;
  className?: string;
  sx?: SxProps<Theme>;
}) {
  const native = useMediaQuery(TOUCH_QUERY);
  const entries = anyLabel === undefined ? options : [{ value: '', label: anyLabel }, ...options];
  return (
    <TextField
      select
      size="small"
      className={className}
      sx={sx}
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || null)}
      slotProps={
        native
          ? // A native select always shows its chosen entry: the label stays raised above it.
            { select: { native: true }, inputLabel: { shrink: true } }
          : emptyShowsLabel
            ? undefined
            : { select: { displayEmpty: true }, inputLabel: { shrink: true } }
      }
    >
      {native
        ? entries.map((entry) => (
            <option key={entry.value} value={entry.value}>
              {entry.label}
            </option>
          ))
        : entries.map((entry) => (
            <MenuItem key={entry.value} value={entry.value}>
              {entry.label}
            </MenuItem>
          ))}
    </TextField>
  );
}

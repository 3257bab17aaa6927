import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

export interface FilterOption {
  value: string;
  label: string;
}

/**
 * A small select of a filters bar: one value of a URL parameter, or none (null or absent: the `anyLabel` entry).
 * By default the empty field reads `anyLabel` under its raised label; `emptyShowsLabel` leaves it empty with
 * the label inside instead.
 */
export function FilterSelect({
  label,
  anyLabel,
  value,
  options,
  onChange,
  emptyShowsLabel = false,
  className,
}: {
  label: string;
  anyLabel: string;
  value: string | null | undefined;
  options: readonly FilterOption[];
  onChange: (value: string | null) => void;
  emptyShowsLabel?: boolean;
  className?: string;
}) {
  return (
    <TextField
      select
      size="small"
      className={className}
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || null)}
      slotProps={
        emptyShowsLabel ? undefined : { select: { displayEmpty: true }, inputLabel: { shrink: true } }
      }
    >
      <MenuItem value="">{anyLabel}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

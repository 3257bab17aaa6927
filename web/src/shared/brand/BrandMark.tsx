import Box from '@mui/material/Box';
import type { BrandId } from '@portal/contracts/brands';

/** Invented marks, drawn inline so they follow the colour scheme (no real vendor's artwork). */
export function BrandMark({ brandId, size = 32 }: { brandId: BrandId; size?: number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 32 32"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      sx={{ flexShrink: 0, color: 'primary.main', display: 'block' }}
    >
      <rect width="32" height="32" rx="8" fill="currentColor" />
      {brandId === 'lumora' ? (
        <g fill="none" stroke="#fff" strokeWidth="2.5">
          <circle cx="16" cy="16" r="8.5" />
          <circle cx="16" cy="16" r="3" fill="#fff" stroke="none" />
        </g>
      ) : (
        <path d="M6 20 L16 9 L26 20 L21 20 L16 14.5 L11 20 Z" fill="#fff" />
      )}
    </Box>
  );
}

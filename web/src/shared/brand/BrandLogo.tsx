import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useBrand } from './BrandContext.tsx';
import { BrandMark } from './BrandMark.tsx';

/** The brand's mark with its product name; the name is text so screen readers need no alt. */
export function BrandLogo({ size = 32, hideNameOnXs = false }: { size?: number; hideNameOnXs?: boolean }) {
  const brand = useBrand();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0 }}>
      <BrandMark brandId={brand.id} size={size} />
      <Typography
        component="span"
        sx={{
          fontWeight: 700,
          fontSize: size >= 40 ? '1.25rem' : { xs: '0.95rem', sm: '1.05rem' },
          letterSpacing: '-0.01em',
          display: hideNameOnXs ? { xs: 'none', sm: 'block' } : 'block',
          // On a phone the header has ~150 px for the name: two balanced lines rather than 'Lumora Partner …'.
          whiteSpace: { xs: 'normal', sm: 'nowrap' },
          textWrap: 'balance',
          lineHeight: { xs: 1.15, sm: 1.5 },
          overflow: 'hidden',
          textOverflow: 'ellipsis',
        }}
      >
        {brand.productName}
      </Typography>
    </Box>
  );
}

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
        noWrap
        sx={{
          fontWeight: 700,
          fontSize: size >= 40 ? '1.25rem' : '1.05rem',
          letterSpacing: '-0.01em',
          display: hideNameOnXs ? { xs: 'none', sm: 'block' } : 'block',
        }}
      >
        {brand.productName}
      </Typography>
    </Box>
  );
}

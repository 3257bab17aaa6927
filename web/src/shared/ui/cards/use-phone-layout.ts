import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';

/**
 * True below the `sm` breakpoint (a phone): where tables show as cards. Read on the first render
 * (`noSsr`), so a phone never paints the table before the cards.
 */
export function usePhoneLayout(): boolean {
  return useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
}

/** SPEC §4: XS below 600, SM 600-960, MD 960-1280, LG from 1280 (XL kept at MUI's 1920 for very wide screens). */
export const BREAKPOINTS = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920 } as const;

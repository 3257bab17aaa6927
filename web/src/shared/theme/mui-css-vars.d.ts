// With cssVariables on, theme.vars always exists; this augmentation tells TypeScript so.
import type {} from '@mui/material/themeCssVarsAugmentation';

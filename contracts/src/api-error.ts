import { z } from 'zod';

/** Every API error body (all services but identity, which speaks Cognito's envelope). */
export const apiErrorSchema = z.object({
  detail: z.string(),
  extraType: z.string().optional(),
});

/** Stable error codes a client may branch on. */
export const EXTRA_TYPES = {
  userExist: 'USER_EXIST',
  notFound: 'NOT_FOUND',
  forbidden: 'FORBIDDEN',
  unauthorized: 'UNAUTHORIZED',
  validation: 'VALIDATION',
  rateLimited: 'RATE_LIMITED',
  conflict: 'CONFLICT',
  temporaryPasswordExpired: 'TEMPORARY_PASSWORD_EXPIRED',
  unavailable: 'UNAVAILABLE',
  /** The caller's company requires two-step sign-in and the caller has no second factor yet. */
  mfaRequired: 'MFA_REQUIRED',
} as const;

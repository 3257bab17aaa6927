import { type Subscription, subscriptionInputSchema } from './notifications.ts';

/**
 * A member's subscription while they have never saved one (decision 0020): mail at once, and the input
 * schema's defaults for the rest. The server answers it (with `saved: false`) and applies it.
 */
export const DEFAULT_SUBSCRIPTION: Omit<Subscription, 'saved'> = subscriptionInputSchema.parse({
  delivery: 'immediate',
});

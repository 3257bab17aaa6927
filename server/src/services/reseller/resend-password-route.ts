import { AdminCreateUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { EXTRA_TYPES } from '@portal/contracts/api-error';
import { emailSchema } from '@portal/contracts/validation';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict, notFound } from '../../domain/errors.ts';
import { HttpError } from '../../infrastructure/http/errors.ts';
import { addressShareOf } from '../../infrastructure/rate-limits/address-share.ts';
import { hitCounter } from '../../infrastructure/rate-limits/rate-counters.ts';

/** The shared rule (trimmed, at most 254 characters, 'Invalid e-mail'), as the sign-in form checks it. */
const bodySchema = z.object({ email: emailSchema });
const tooMany = () => new HttpError(429, 'Please try it minutes later.', EXTRA_TYPES.rateLimited);

/**
 * Reseller `POST /auth/password {email}` (no token): a new temporary password for an account still on
 * one, by AdminCreateUser with MessageAction RESEND (new password, clock restarted, mailed), so it
 * works the same against Amazon Cognito. Limited per client address, per account and address (one
 * address gets half of an account's resends, counted first so it cannot spend the rest), and per account. With
 * PreventUserExistenceErrors=ENABLED every outcome but throttling is the same neutral 200.
 */
export const resendPasswordRoute: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const config = app.config;
  const hideExistence = config.IDENTITY_PREVENT_USER_EXISTENCE_ERRORS === 'ENABLED';

  app.post(
    '/auth/password',
    {
      config: { caller: 'none' },
      schema: {
        tags: ['reseller'],
        summary: 'Re-send a temporary password',
        body: bodySchema,
        response: { 200: z.object({}) },
      },
    },
    async (request) => {
      const email = request.body.email.toLowerCase();
      const now = new Date();
      const perAddress = await hitCounter(app.db, `address:resend-password:${request.ip}`, 60, now);
      if (perAddress > config.IDENTITY_ADDRESS_REQUESTS_PER_MINUTE) throw tooMany();
      const fromAddress = await hitCounter(app.db, `resend-password:${email}:${request.ip}`, 3600, now);
      if (fromAddress > addressShareOf(config.IDENTITY_RESEND_PER_HOUR)) throw tooMany();
      const perAccount = await hitCounter(app.db, `resend-password:${email}`, 3600, now);
      if (perAccount > config.IDENTITY_RESEND_PER_HOUR) throw tooMany();
      try {
        await app.identityAdmin.send(
          new AdminCreateUserCommand({
            UserPoolId: config.COGNITO_USER_POOL_ID,
            Username: email,
            MessageAction: 'RESEND',
            DesiredDeliveryMediums: ['EMAIL'],
          }),
        );
      } catch (error) {
        const name = (error as Error).name;
        if (name === 'UserNotFoundException') {
          if (!hideExistence) throw notFound('Account does not exist');
        } else if (name === 'UnsupportedUserStateException') {
          if (!hideExistence) throw conflict('This account does not use a temporary password.');
        } else {
          throw error;
        }
      }
      return {};
    },
  );
};

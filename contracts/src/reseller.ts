import { z } from 'zod';
import { BRAND_IDS } from './brands.ts';
import { ROLES } from './roles.ts';
import { companyNameSchema, emailSchema, profileNameSchema } from './validation.ts';

/** Payloads of the main reseller backend (SPEC §7), shared by the server routes and the web client. */

const role = z.enum(ROLES);

export const companyInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  ownerEmail: z.string(),
  /** `id` names the region for translation (web: regions.<id>), `name` is the stored name. */
  region: z
    .object({ id: z.string(), name: z.string(), latitude: z.number(), longitude: z.number() })
    .nullable(),
  /** The company type: its roles; the first is the users' current role. */
  type: z.array(role),
  vendor: z.enum(BRAND_IDS),
  /** Whether the caller is the owner / a member of this company. */
  owner: z.boolean(),
  member: z.boolean(),
  availableRoleList: z.array(role),
  hierarchyAuth: z.array(role),
  hierarchyParent: z.object({ id: z.string(), name: z.string() }).nullable(),
  autoGenerateOrderKey: z.boolean(),
});
export type CompanyInfo = z.infer<typeof companyInfoSchema>;

export const updateCompanyInfoSchema = z.object({ name: companyNameSchema }).strict();

export const profileSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  locale: z.enum(['en', 'zh-TW']),
  companyId: z.string(),
  /** False until the user has closed the welcome video once. */
  welcomeVideoSeen: z.boolean(),
});
/** A member's second factors and whether their company requires one (issue 25 item 7). */
export const mfaStateSchema = z.object({
  enabled: z.boolean(),
  /** TOTP: an authenticator app; EMAIL_OTP: e-mailed codes; PASSKEY: a passkey (a first factor that counts). */
  methods: z.array(z.enum(['TOTP', 'EMAIL_OTP', 'PASSKEY'])),
  required: z.boolean(),
});
export type MfaState = z.infer<typeof mfaStateSchema>;

export const meSchema = z.object({ profile: profileSchema, mfa: mfaStateSchema });
export type Profile = z.infer<typeof profileSchema>;

export const updateUserSchema = z
  .object({
    name: profileNameSchema.optional(),
    locale: z.enum(['en', 'zh-TW']).optional(),
    welcomeVideoSeen: z.literal(true).optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to update');

export const memberSchema = z.object({ userId: z.string(), name: z.string(), email: z.string() });
export type Member = z.infer<typeof memberSchema>;
/** A member as the members list shows them: with whether they have a second factor. */
export const listedMemberSchema = memberSchema.extend({ mfaEnabled: z.boolean() });
export type ListedMember = z.infer<typeof listedMemberSchema>;
export const memberListSchema = z.object({ items: z.array(listedMemberSchema) });

/** The company's two-step sign-in policy (issue 25 item 7). */
export const companySecuritySchema = z.object({ requireMfa: z.boolean() }).strict();
export type CompanySecurity = z.infer<typeof companySecuritySchema>;

export const createMemberSchema = z.object({ email: emailSchema, name: profileNameSchema }).strict();

export const companyTokenRequestSchema = z.object({ companyId: z.string().min(1).max(64) }).strict();
/** `expire`: when the token expires, in Unix seconds. */
export const tokenResponseSchema = z.object({ token: z.string(), expire: z.number().int() });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

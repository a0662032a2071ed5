import { z } from 'zod';
import { EMAIL_PATTERN } from './account.ts';
import { PASSWORD_MIN, USER_TYPES } from './constants.ts';


export const EmailSchema = z.string().trim().max(254).regex(EMAIL_PATTERN, 'is not a valid email address');
export const PasswordSchema = z.string().min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`).max(200);

export const GuestLoginInputSchema = z.strictObject({ step: z.literal('Guest') });
export const PasswordLoginInputSchema = z.strictObject({
  step: z.literal('Login').optional(),
  email: EmailSchema,
  password: z.string().min(1).max(200),
});
export const ChangePasswordInputSchema = z.strictObject({
  step: z.literal('ChangePassword'),
  email: EmailSchema,
  password: z.string().min(1).max(200),
  newPassword: PasswordSchema,
});
export const LoginInputSchema = z.union([GuestLoginInputSchema, ChangePasswordInputSchema, PasswordLoginInputSchema]);
export type LoginInput = z.infer<typeof LoginInputSchema>;

/** SPEC 3: the signed-in user as the storefront keeps it. */
export const SessionUserSchema = z.object({
  id: z.number().int(),
  cmId: z.string().nullable(),
  type: z.enum(USER_TYPES),
  name: z.string(),
  business_name: z.string(),
  email: z.string(),
  mobile_no: z.string(),
  national_identity_card: z.string(),
  businessId: z.number().int().nullable(),
  BusinessUserId: z.number().int().nullable(),
  businessUserId: z.number().int().nullable(),
  metro_store_id: z.number().int().nullable(),
  delivery_id: z.number().int().nullable(),
  customer_id: z.string().nullable(),
  /** The Orderer's spending limit in rupees ("50000.00"). */
  limit: z.string(),
  help_no: z.string(),
  city: z.string().nullable(),
  address: z.string(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const SessionSchema = z.object({ token: z.string(), user: SessionUserSchema });
export type Session = z.infer<typeof SessionSchema>;

export const WRONG_CREDENTIALS = 'Invalid email or password';


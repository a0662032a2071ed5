import { z } from 'zod';
import { EMAIL_PATTERN } from './account.ts';
import { DOCUMENT_KINDS, type DocumentKind } from './account-rules.ts';
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

export { DOCUMENT_KINDS, type DocumentKind };

export const WRONG_CREDENTIALS = 'Invalid email or password';

/** Answer of ChangePassword (SPEC 7: status 200 with a message). */
export const MessageSchema = z.object({ message: z.string() });

// SPEC 3: registration payload. Unknown fields (type, limit, businessId, payment_mode ...) are
// refused by the strict objects: a registrant is always the Owner of a new Cash business.
const OptionalId = z.union([z.number().int().positive(), z.literal(''), z.null()]).optional();
const DataUrl = z.union([z.string().max(12_000_000), z.null()]).optional();
const Coordinate = z.union([z.number(), z.null(), z.literal('')]).optional();

export const RegisterUserSchema = z.strictObject({
  name: z.string().max(120),
  email: z.string().max(254),
  mobile_no: z.string().max(20),
  /** Further users of the business (SPEC 3 shape). Accepted and not acted on: only the Owner is created. */
  users: z.array(z.strictObject({ mobile_no: z.string().max(20).optional(), email: z.string().max(254).optional() })).max(10).optional(),
  cnic_image: DataUrl,
  cnic_back_image: DataUrl,
  ntn_certificate_image: DataUrl,
  invoice_image: DataUrl,
  business_card_image: DataUrl,
  city_id: OptionalId,
  area_id: OptionalId,
  /** Ignored: the server takes the store of the chosen area. */
  store_id: OptionalId,
  latitude: Coordinate,
  longitude: Coordinate,
});
export const RegisterStep1Schema = z.strictObject({
  step: z.literal(1),
  business_name: z.string().max(120),
  business_type: z.string().max(120).optional(),
  business_type_id: OptionalId,
  business_sub_type_id: OptionalId,
  business_users: z.array(RegisterUserSchema).length(1),
});
export const RegisterDocumentsUserSchema = RegisterUserSchema.pick({
  cnic_image: true,
  cnic_back_image: true,
  ntn_certificate_image: true,
  invoice_image: true,
  business_card_image: true,
}).strict();
/** SPEC 3: "The document step adds the business id"; only that business's Owner may send it. */
export const RegisterStep2Schema = z.strictObject({
  step: z.literal(2),
  business_id: z.number().int().positive(),
  business_users: z.array(RegisterDocumentsUserSchema).length(1),
});
export const RegisterInputSchema = z.discriminatedUnion('step', [RegisterStep1Schema, RegisterStep2Schema]);
export type RegisterInput = z.infer<typeof RegisterInputSchema>;
export type RegisterStep1 = z.infer<typeof RegisterStep1Schema>;

/** SPEC 7: data.result.id is the business id; the token and user come with it. */
export const RegisterResultSchema = SessionSchema.extend({
  result: z.object({ id: z.number().int(), documents: z.number().int() }),
  message: z.string(),
});
export type RegisterResult = z.infer<typeof RegisterResultSchema>;

/** SPEC 7: the three steps of POST /api/auth/resetPassword. The code is sent as a number (SPEC 5). */
const ResetCode = z.union([z.number().int().min(0).max(999_999), z.string().regex(/^\d{6}$/)]);
export const ResetPasswordInputSchema = z.discriminatedUnion('step', [
  z.strictObject({ step: z.literal(1), email: EmailSchema }),
  z.strictObject({ step: z.literal(2), email: EmailSchema, reset_code: ResetCode }),
  z.strictObject({ step: z.literal(3), email: EmailSchema, reset_code: ResetCode, password: PasswordSchema }),
]);
export type ResetPasswordInput = z.infer<typeof ResetPasswordInputSchema>;

export const SignUpPageDataSchema = z.object({
  business_types: z.array(z.object({ id: z.number().int(), name: z.string(), image: z.string().nullable(), parent_id: z.number().int().nullable(), parentId: z.number().int().nullable() })),
  /** Issue 35: the active cities, each with its delivery days (ISO weekdays) and cut-off time (HH:MM). */
  cities: z.array(z.object({ id: z.number().int(), name: z.string(), delivery_days: z.array(z.number().int()), cutoff_time: z.string() })),
  areas: z.array(z.object({ id: z.number().int(), name: z.string(), parentId: z.number().int(), city_id: z.number().int(), store_id: z.number().int() })),
});
export type SignUpPageData = z.infer<typeof SignUpPageDataSchema>;

/** SPEC 3/7: feedback payload. The server checks it with feedbackError (account-rules.ts). */
export const FeedbackInputSchema = z.strictObject({
  name: z.string().max(120),
  email: z.string().max(254),
  mobile_no: z.string().max(20),
  type: z.string().max(40),
  subject: z.string().max(200).optional(),
  message: z.string().max(5000).optional(),
});
export type FeedbackInput = z.infer<typeof FeedbackInputSchema>;


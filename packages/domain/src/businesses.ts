import { z } from 'zod';
import { DOCUMENT_KINDS, type DocumentKind } from './account-rules.ts';
import { PAYMENT_MODES, type PaymentMode, USER_TYPES } from './constants.ts';

/**
 * Issue 18, verifying businesses (docs/decisions/013-verifying-businesses.md). Read by the server (which
 * enforces it), the staff app and the buyer's Account Information.
 */

/**
 * Where a business stands with verification. `new` (signed up) and `changed` (documents sent again)
 * wait in the queue; `documents_requested` waits for the buyer; `approved` and `rejected` are decided.
 */
export const VERIFICATION_STATES = ['new', 'changed', 'documents_requested', 'approved', 'rejected'] as const;
export const VerificationStateSchema = z.enum(VERIFICATION_STATES);
export type VerificationState = z.infer<typeof VerificationStateSchema>;
/** The states the queue shows by default: a person has to look at these. */
export const WAITING_STATES: readonly VerificationState[] = ['new', 'changed'];
export const isWaiting = (state: VerificationState) => WAITING_STATES.includes(state);
export const VERIFICATION_LABELS: Record<VerificationState, string> = {
  new: 'New',
  changed: 'Changed',
  documents_requested: 'Documents requested',
  approved: 'Approved',
  rejected: 'Rejected',
};
/** Staff decide on a business only while it waits, or ask again after a decision (a changed mind). */
export const canDecide = (state: VerificationState) => state !== 'documents_requested';

/** Whether the business may trade: on hold cannot place orders; closed cannot sign in or order. */
export const BUSINESS_STATUSES = ['active', 'on_hold', 'closed'] as const;
export const BusinessStatusSchema = z.enum(BUSINESS_STATUSES);
export type BusinessStatus = z.infer<typeof BusinessStatusSchema>;
export const BUSINESS_STATUS_LABELS: Record<BusinessStatus, string> = { active: 'Active', on_hold: 'On hold', closed: 'Closed' };
export const ON_HOLD_MESSAGE = 'Your business account is on hold, so orders cannot be placed. Please contact us.';
export const CLOSED_MESSAGE = 'This business account is closed. Please contact us.';
export const canPlaceOrders = (status: BusinessStatus) => status === 'active';
export const canSignIn = (status: BusinessStatus) => status !== 'closed';
/** The buyer's message when the business may not order, or null. */
export const orderRefusal = (status: BusinessStatus): string | null => (status === 'active' ? null : status === 'closed' ? CLOSED_MESSAGE : ON_HOLD_MESSAGE);

/** A new business starts on Cash; Credit and Advance are terms staff grant only to a verified business. */
export const paymentModeAllowedFor = (state: VerificationState, mode: PaymentMode) => mode === 'Cash' || state === 'approved';
export const UNVERIFIED_TERMS = 'Approve the business before giving it Credit or Advance terms.';

export const DOCUMENT_LABELS: Record<DocumentKind, string> = {
  cnic_image: 'CNIC front',
  cnic_back_image: 'CNIC back',
  ntn_certificate_image: 'NTN certificate',
  invoice_image: 'Letter head',
  business_card_image: 'Business card',
};

/** SPEC 2's upload step: only the Owner sends the business's documents. */
export const canUploadDocuments = (userType: string | null | undefined) => userType === 'Owner';
/** Documents are photos or scans of up to 2 MB each (the server checks the bytes again). */
export const DOCUMENT_MAX_BYTES = 2 * 1024 * 1024;
export const DOCUMENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** CNIC and NTN numbers are compared by their digits only ("35202-1234567-1" is "3520212345671"). */
export const idDigits = (value: string) => value.replace(/\D/g, '');

export const STALE_BUSINESS = 'This business was changed by someone else. Reload it and try again.';
export const REASON_MAX = 500;
export const NOTES_MAX = 2000;

export const MoneyInputSchema = z
  .string()
  .trim()
  .regex(/^\d{1,10}(\.\d{1,2})?$/, 'must be an amount in rupees, e.g. 150000 or 150000.50');
const Version = z.number().int().min(0);
export const CnicNumberSchema = z
  .string()
  .trim()
  .refine((v) => v === '' || idDigits(v).length === 13, 'must be the 13 digits of the CNIC (e.g. 35202-1234567-1)')
  .transform(idDigits);
export const NtnNumberSchema = z
  .string()
  .trim()
  .refine((v) => v === '' || /^[0-9-]{7,12}$/.test(v), 'must be the NTN (7 to 9 digits, e.g. 1234567-8)')
  .transform(idDigits);

/** The terms staff set: what the buyer's checkout offers (SPEC 4: payment options by payment_mode). */
export const TermsSchema = z.strictObject({
  payment_mode: z.enum(PAYMENT_MODES),
  credit_limit: MoneyInputSchema,
  payment_days: z.number().int().min(0).max(365),
  advance_amount: MoneyInputSchema,
});
export type Terms = z.infer<typeof TermsSchema>;

// ---- Contracts of /api/staff/businesses ----

export const BusinessQueueQuerySchema = z.strictObject({
  /** 'waiting' (new and changed, the default) or one state. */
  state: z.union([z.literal('waiting'), VerificationStateSchema]).default('waiting'),
  /** Keyset paging, oldest first: the cursor of the last row seen. */
  after: z
    .string()
    .max(60)
    .regex(/^\d{4}-\d\d-\d\dT[\d:.]+Z_\d{1,10}$/, 'must be a cursor from the previous page')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type BusinessQueueQuery = z.infer<typeof BusinessQueueQuerySchema>;

export const DuplicateFlagsSchema = z.object({
  /** Other businesses with the same CNIC, NTN or phone, by id and name. */
  cnic: z.array(z.object({ id: z.number().int(), name: z.string() })),
  ntn: z.array(z.object({ id: z.number().int(), name: z.string() })),
  phone: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Users of this business who have not yet proven their email (a code sent there never used). */
  unprovenEmails: z.array(z.string()),
});
export type DuplicateFlags = z.infer<typeof DuplicateFlagsSchema>;

export const QueueBusinessSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  owner_name: z.string().nullable(),
  city: z.string().nullable(),
  area: z.string().nullable(),
  verification: VerificationStateSchema,
  /** When it entered its state (the queue's order), ISO. */
  waiting_since: z.string(),
  documents: z.number().int(),
  has_duplicates: z.boolean(),
  email_unproven: z.boolean(),
  status: BusinessStatusSchema,
});
export type QueueBusiness = z.infer<typeof QueueBusinessSchema>;
export const BusinessQueuePageSchema = z.object({
  businesses: z.array(QueueBusinessSchema),
  next: z.string().nullable(),
  /** How many wait (new and changed), whatever the filter. */
  waiting: z.number().int(),
});
export type BusinessQueuePage = z.infer<typeof BusinessQueuePageSchema>;

export const StaffDocumentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(DOCUMENT_KINDS),
  label: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  uploaded_at: z.string(),
  /** A later upload of the same kind replaced it. */
  replaced: z.boolean(),
});
export type StaffDocument = z.infer<typeof StaffDocumentSchema>;

export const BusinessUserRowSchema = z.object({
  id: z.number().int(),
  type: z.enum(USER_TYPES),
  name: z.string(),
  email: z.string(),
  mobile_no: z.string(),
  national_identity_card: z.string(),
  /** The Orderer's spending limit for Cash orders (SPEC 4); above it an order goes to Pending. */
  limit: z.string(),
  email_proven: z.boolean(),
});
export type BusinessUserRow = z.infer<typeof BusinessUserRowSchema>;

export const StaffBusinessSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  business_type: z.string().nullable(),
  created_at: z.string(),
  verification: VerificationStateSchema,
  waiting_since: z.string(),
  requested_documents: z.array(z.enum(DOCUMENT_KINDS)),
  verification_note: z.string(),
  status: BusinessStatusSchema,
  notes: z.string(),
  cnic_number: z.string(),
  ntn_number: z.string(),
  city_id: z.number().int().nullable(),
  city: z.string().nullable(),
  area_id: z.number().int().nullable(),
  area: z.string().nullable(),
  terms: TermsSchema,
  /** Sent back with every change: a change made meanwhile by someone else answers 409. */
  version: z.number().int(),
  users: z.array(BusinessUserRowSchema),
  documents: z.array(StaffDocumentSchema),
  flags: DuplicateFlagsSchema,
});
export type StaffBusiness = z.infer<typeof StaffBusinessSchema>;

export const ApproveBusinessInputSchema = z.strictObject({ version: Version, terms: TermsSchema });
export type ApproveBusinessInput = z.infer<typeof ApproveBusinessInputSchema>;
export const RejectBusinessInputSchema = z.strictObject({
  version: Version,
  reason: z.string().trim().min(5, 'Give the reason the buyer will read (at least 5 characters)').max(REASON_MAX),
});
export const RequestDocumentsInputSchema = z.strictObject({
  version: Version,
  kinds: z
    .array(z.enum(DOCUMENT_KINDS))
    .min(1, 'Choose at least one document')
    .max(DOCUMENT_KINDS.length)
    .refine((k) => new Set(k).size === k.length, 'must not name a document twice'),
  /** What is wrong with them, shown to the buyer. */
  note: z.string().trim().max(REASON_MAX).default(''),
});
export type RequestDocumentsInput = z.infer<typeof RequestDocumentsInputSchema>;

export const UpdateBusinessInputSchema = z
  .strictObject({
    version: Version,
    terms: TermsSchema.optional(),
    status: BusinessStatusSchema.optional(),
    notes: z.string().trim().max(NOTES_MAX).optional(),
    cnic_number: CnicNumberSchema.optional(),
    ntn_number: NtnNumberSchema.optional(),
    city_id: z.number().int().positive().nullable().optional(),
    area_id: z.number().int().positive().nullable().optional(),
    /** Orderers' spending limits, by user id. */
    limits: z
      .array(z.strictObject({ user_id: z.number().int().positive(), limit: MoneyInputSchema }))
      .max(50)
      .optional(),
  })
  .refine((v) => Object.keys(v).length > 1, 'Nothing to change');
export type UpdateBusinessInput = z.infer<typeof UpdateBusinessInputSchema>;

// ---- The buyer's side: GET /api/account/verification ----

export const BuyerVerificationSchema = z.object({
  business_id: z.number().int(),
  verification: VerificationStateSchema,
  /** The documents staff asked to be sent again, with their labels. */
  requested_documents: z.array(z.object({ kind: z.enum(DOCUMENT_KINDS), label: z.string() })),
  /** Staff's note about the request, or the rejection reason. */
  note: z.string(),
  status: BusinessStatusSchema,
  payment_mode: z.enum(PAYMENT_MODES),
});
export type BuyerVerification = z.infer<typeof BuyerVerificationSchema>;

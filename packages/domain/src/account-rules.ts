// SPEC 5/8: validation rules and messages of the account screens, without zod so the web app can
// use them; the server checks the same rules with the same functions.
import { isValidEmail } from './account.ts';
import {
  BUSINESS_NAME_MIN_EXCLUSIVE,
  CUSTOMER_NAME_MIN,
  FEEDBACK_PHONE_MIN,
  FEEDBACK_TYPES,
  type FeedbackType,
  PASSWORD_MIN,
  RESET_CODE_LENGTH,
} from './constants.ts';

/** SPEC 2/3: the five sign-up documents, by their payload field. */
export const DOCUMENT_KINDS = ['cnic_image', 'cnic_back_image', 'ntn_certificate_image', 'invoice_image', 'business_card_image'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const MESSAGES = {
  requiredFields: 'Please fill out the required fields!',
  enterEmail: 'Please enter your email!',
  codeRequired: 'Please fill out required field',
  passwordsRequired: 'Please fill out required fields',
  passwordMismatch: 'Password does not match',
  newPasswordSame: 'New password must be different than current password.',
  confirmPasswordMismatch: 'New password and confirm password should be same.',
  signUpFailed: 'User Signup Failed',
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
  phoneRequired: 'Phone Number is required',
  phoneInvalid: 'Phone Number is invalid',
  feedbackTypeRequired: 'Feedback Type is required',
} as const;

/** SPEC 5: business name longer than 8 characters. */
export const isValidBusinessName = (v: string) => v.trim().length > BUSINESS_NAME_MIN_EXCLUSIVE;
/** SPEC 5: customer name at least 8 characters. */
export const isValidCustomerName = (v: string) => v.trim().length >= CUSTOMER_NAME_MIN;
/** SPEC 5/9: exactly 12 characters, country code 92 plus digits (Pakistan only). */
export const SIGNUP_PHONE_PATTERN = /^92\d{10}$/;
export const isValidSignUpPhone = (v: string) => SIGNUP_PHONE_PATTERN.test(v);
export const isValidPassword = (v: string) => v.length >= PASSWORD_MIN;

export interface SignUpStep1 {
  customerName: string;
  businessName: string;
  phone: string;
  email: string;
}

/** SPEC 5: sign-up step 1 passes only when every field is valid. */
export function signUpStep1Error(v: SignUpStep1): string | null {
  const ok = isValidBusinessName(v.businessName) && isValidSignUpPhone(v.phone) && isValidCustomerName(v.customerName) && isValidEmail(v.email);
  return ok ? null : MESSAGES.requiredFields;
}

/** SPEC 5: sign-in needs a valid email and a password of at least 8 characters. */
export function signInError(email: string, password: string): string | null {
  return isValidEmail(email) && isValidPassword(password) ? null : MESSAGES.requiredFields;
}

export const forgotPasswordError = (email: string) => (isValidEmail(email) ? null : MESSAGES.enterEmail);

/** SPEC 5: the code is exactly 6 characters (digits: it is sent as a number). */
export const RESET_CODE_PATTERN = new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`);
export const resetCodeError = (code: string) => (RESET_CODE_PATTERN.test(code) ? null : MESSAGES.codeRequired);

/** SPEC 5: new and confirm password on the reset screen. */
export function newPasswordError(password: string, confirm: string): string | null {
  if (!password || !confirm) return MESSAGES.passwordsRequired;
  if (!isValidPassword(password) || !isValidPassword(confirm) || password !== confirm) return MESSAGES.passwordMismatch;
  return null;
}

/** SPEC 5: Change Password, checked in this order. */
export function changePasswordError(current: string, next: string, confirm: string): string | null {
  if (!current || !next || !confirm) return MESSAGES.passwordsRequired;
  if (next === current) return MESSAGES.newPasswordSame;
  if (next !== confirm) return MESSAGES.confirmPasswordMismatch;
  if (!isValidPassword(next)) return `New password must be at least ${PASSWORD_MIN} characters.`;
  return null;
}

export interface FeedbackFields {
  name: string;
  email: string;
  mobile_no: string;
  type: string;
}

// SPEC 5: "a basic pattern" for the feedback email.
const BASIC_EMAIL = /^\S+@\S+\.\S+$/;

export const isFeedbackType = (v: string): v is FeedbackType => (FEEDBACK_TYPES as readonly string[]).includes(v);

/** SPEC 5: feedback checks in order, stopping at the first failure. */
export function feedbackError(v: FeedbackFields): string | null {
  if (!v.name.trim()) return MESSAGES.nameRequired;
  if (!v.email.trim()) return MESSAGES.emailRequired;
  if (!BASIC_EMAIL.test(v.email.trim())) return MESSAGES.emailInvalid;
  if (!v.mobile_no.trim()) return MESSAGES.phoneRequired;
  if (v.mobile_no.trim().length < FEEDBACK_PHONE_MIN) return MESSAGES.phoneInvalid;
  if (!v.type.trim()) return MESSAGES.feedbackTypeRequired;
  return null;
}

/** SPEC 8: the success toast text. */
export const feedbackSuccess = (type: string) => `${type} Request Submitted Successfully!`;

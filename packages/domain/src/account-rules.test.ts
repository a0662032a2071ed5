import { describe, expect, it } from 'vitest';
import {
  changePasswordError,
  feedbackError,
  feedbackSuccess,
  forgotPasswordError,
  isValidBusinessName,
  isValidCustomerName,
  isValidSignUpPhone,
  newPasswordError,
  resetCodeError,
  signInError,
  signUpStep1Error,
} from './account-rules.ts';

describe('SPEC 5 account rules', () => {
  it('sign-up step 1', () => {
    expect(isValidBusinessName('12345678')).toBe(false);
    expect(isValidBusinessName('123456789')).toBe(true);
    expect(isValidCustomerName('1234567')).toBe(false);
    expect(isValidCustomerName('12345678')).toBe(true);
    expect(isValidSignUpPhone('923001234567')).toBe(true);
    expect(isValidSignUpPhone('92300123456')).toBe(false);
    expect(isValidSignUpPhone('033001234567')).toBe(false);
    expect(isValidSignUpPhone('+92300123456')).toBe(false);
    const ok = { customerName: 'Muhammad Aslam', businessName: 'Aslam Traders', phone: '923001234567', email: 'a@b.pk' };
    expect(signUpStep1Error(ok)).toBeNull();
    expect(signUpStep1Error({ ...ok, email: 'a@b' })).toBe('Please fill out the required fields!');
    expect(signUpStep1Error({ ...ok, email: 'a@b.info' })).toBe('Please fill out the required fields!');
  });

  it('sign-in, forgot password and code', () => {
    expect(signInError('a@b.pk', '1234567')).toBe('Please fill out the required fields!');
    expect(signInError('a@b.pk', '12345678')).toBeNull();
    expect(forgotPasswordError('a@')).toBe('Please enter your email!');
    expect(forgotPasswordError('a@b.com')).toBeNull();
    expect(resetCodeError('12345')).toBe('Please fill out required field');
    expect(resetCodeError('123456')).toBeNull();
  });

  it('new password and change password', () => {
    expect(newPasswordError('', 'x')).toBe('Please fill out required fields');
    expect(newPasswordError('short', 'short')).toBe('Password does not match');
    expect(newPasswordError('Password1', 'Password2')).toBe('Password does not match');
    expect(newPasswordError('Password1', 'Password1')).toBeNull();
    expect(changePasswordError('Current@1', 'Current@1', 'Current@1')).toBe('New password must be different than current password.');
    expect(changePasswordError('Current@1', 'Changed@1', 'Changed@2')).toBe('New password and confirm password should be same.');
    expect(changePasswordError('Current@1', 'Changed@1', 'Changed@1')).toBeNull();
  });

  it('feedback checks in order and the success text', () => {
    const ok = { name: 'Ayesha', email: 'a@b.pk', mobile_no: '03001234567', type: 'Complaint' };
    expect(feedbackError({ ...ok, name: ' ', email: '' })).toBe('Name is required');
    expect(feedbackError({ ...ok, email: '', mobile_no: '' })).toBe('Email is required');
    expect(feedbackError({ ...ok, email: 'ab.pk' })).toBe('Email is invalid');
    expect(feedbackError({ ...ok, mobile_no: '' })).toBe('Phone Number is required');
    expect(feedbackError({ ...ok, mobile_no: '0300123456' })).toBe('Phone Number is invalid');
    expect(feedbackError({ ...ok, type: '' })).toBe('Feedback Type is required');
    expect(feedbackError(ok)).toBeNull();
    expect(feedbackSuccess('Complaint')).toBe('Complaint Request Submitted Successfully!');
  });
});

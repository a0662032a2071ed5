import type { RegisterResult, Session, SignUpPageData } from '@shop/domain/auth';
import { api } from '../../lib/api.ts';

export const login = (email: string, password: string) => api<Session>('/api/auth/login', { body: { email: email.trim(), password } });

export const register = (payload: unknown) => api<RegisterResult>('/api/auth/register', { body: payload });

export const getSignUpPageData = () => api<SignUpPageData>('/api/auth/getSignUpPageData', { method: 'POST' });

export const requestCode = (email: string) => api<{ message: string }>('/api/auth/resetPassword', { body: { email: email.trim(), step: 1 } });

// SPEC 5: the code is sent as a number.
export const checkCode = (email: string, code: string) =>
  api<{ message: string }>('/api/auth/resetPassword', { body: { reset_code: Number(code), step: 2, email } });

export const resetPassword = (email: string, code: string, password: string) =>
  api<{ message: string }>('/api/auth/resetPassword', { body: { password, email, reset_code: Number(code), step: 3 } });

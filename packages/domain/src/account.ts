// Account rules without zod, so the web app can use them without bundling the schema library.

// SPEC 5: local part, @, domain, ending of 2 to 3 letters.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,3}$/;
export const isValidEmail = (email: string) => EMAIL_PATTERN.test(email.trim());

/** SPEC 1/5: help number with spaces and all non-digits removed. */
export const helpDigits = (helpNo: string | null | undefined) => (helpNo ?? '').replace(/\D/g, '');

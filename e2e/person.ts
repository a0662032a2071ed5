import { type APIRequestContext, expect, type Page } from '@playwright/test';

import { PASSWORD } from './console-watch.ts';

// What a buyer does with the page (sign in through the form, sign out, open a product and press Add to
// cart), and a separate API client (Playwright's `request`, never code run inside the page) for the
// data a test compares what the person sees against.

export { signIn } from './console-watch.ts';

/** A first arrival: the page opens a guest session by itself and greets the Guest. */
export async function arriveAsGuest(page: Page) {
  await page.goto('/home');
  await expect(page.getByText(/Hello, Guest/).filter({ visible: true }).first()).toBeVisible();
}

/** Sign Out from the account side navigation; the person is a Guest again on /sign-in. */
export async function signOut(page: Page) {
  await page.goto('/accountInfo');
  await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByText(/Hello, Guest/).filter({ visible: true }).first()).toBeVisible();
}

export const cartItems = (page: Page) => page.getByRole('list', { name: 'Cart items' });

/**
 * Opens the product's page (its shareable /productDetails?id=N address) and presses Add to cart, then
 * types the quantity in the cart, as a buyer does.
 */
export async function putInCart(page: Page, product: { id: number; name: string }, quantity: number) {
  await page.goto(`/productDetails?id=${product.id}`);
  const info = page.getByRole('article', { name: product.name, exact: true }).first();
  await expect(page.getByRole('heading', { name: product.name, exact: true, level: 1 })).toBeVisible();
  await info.getByRole('button', { name: 'Add to cart' }).click();
  await expect(info.getByRole('textbox', { name: `Quantity of ${product.name}`, exact: true })).toHaveValue('1');
  await page.goto('/cart');
  const input = cartItems(page).getByRole('textbox', { name: `Quantity of ${product.name}`, exact: true });
  await expect(input).toBeVisible();
  if (quantity === 1) return;
  await input.fill(String(quantity));
  await input.press('Enter');
  await expect(input).toHaveValue(String(quantity));
}

export interface Buyer {
  headers: { authorization: string };
  user: { businessId: number | null; name: string; type: string };
}

/** The API client's own sign-in (a Guest when email is null): its bearer token, separate from the page's session. */
export async function apiSignIn(request: APIRequestContext, email: string | null): Promise<Buyer> {
  const res = await request.post('/api/auth/login', { data: email ? { email, password: PASSWORD } : { step: 'Guest' } });
  expect(res.status(), await res.text()).toBe(200);
  const { data } = await res.json();
  return { headers: { authorization: `Bearer ${data.token}` }, user: data.user };
}

export async function apiGet<T>(request: APIRequestContext, buyer: Buyer, path: string): Promise<T> {
  const res = await request.get(path, { headers: buyer.headers });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as T;
}

export interface Priced {
  id: number;
  name: string;
  sku: string;
  unit_price: string;
  stock: number;
}

/** Products priced for the buyer's business through the cart's own price call. */
export async function priced(request: APIRequestContext, buyer: Buyer, ids: number[]): Promise<Priced[]> {
  const res = await request.post('/api/cart/price', { headers: buyer.headers, data: { ids } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as Priced[];
}

/** The demo Catalogue person (no second factor) through the staff API: cookie and CSRF token as headers. */
export async function catalogueStaff(request: APIRequestContext) {
  const res = await request.post('/api/staff/auth/login', { data: { email: 'catalogue@staff.demo.pk', password: PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  const body = await res.json();
  expect(body.data.step).toBe('done');
  const session = /staff_session=([^;]+)/.exec(res.headers()['set-cookie'] ?? '')?.[1];
  if (!session) throw new Error('no staff session cookie');
  return { cookie: `staff_session=${session}`, 'x-csrf-token': body.data.csrfToken as string };
}

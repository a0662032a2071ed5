import { expect, type Page, test } from '@playwright/test';
import { watchConsole } from './console-watch.ts';
import { apiGet, apiSignIn, arriveAsGuest, cartItems, signIn } from './person.ts';

// Issue 36: the price a buyer sees is the price the buyer pays. As the Lahore demo Owner, a product with
// a Lahore city price and one with a Buy More Pay Less price are added from their cards; the card, the
// product page, the cart and the placed order show the same figures, and the cart never says "Prices
// have changed" for them. A guest sees the list price until choosing Lahore, then Lahore's.
test.describe.configure({ timeout: 120_000 });

const RICE = 'Guard 1121 Basmati Rice 1 kg';
const DAAL = 'Guard Washed Daal Masoor 5 kg';

interface Row {
  id: number;
  name: string;
  price: string;
  city_price: string | null;
  quantity_prices: { min_quantity: number; unit_price: string }[];
}

/** The demo's figures, as the API answers a search (the README's Lahore city price and threshold). */
async function demoFigures(page: Page) {
  const find = async (who: string | null, name: string) => {
    const buyer = await apiSignIn(page.request, who);
    const { products } = await apiGet<{ products: Row[] }>(page.request, buyer, `/api/catalogue/search?search=${encodeURIComponent(name)}`);
    return products.find((p) => p.name === name) as Row;
  };
  const guestRice = await find(null, RICE);
  const ownerRice = await find('owner@demo.pk', RICE);
  const ownerDaal = await find('owner@demo.pk', DAAL);
  expect([guestRice.price, guestRice.city_price]).toEqual(['555.00', null]);
  expect(ownerRice.city_price).toBe('540.00');
  expect([ownerDaal.price, ownerDaal.city_price, ownerDaal.quantity_prices]).toEqual(['1880.00', null, [{ min_quantity: 12, unit_price: '1770.00' }]]);
}

/** The storefront's Food listing narrowed to a category and the Guard brand, as a buyer does it. */
async function guardCards(page: Page, category: string) {
  await page.goto('/categories');
  await expect(page.getByRole('heading', { name: 'Food', level: 1 })).toBeVisible();
  const toggle = page.getByRole('button', { name: 'Filter' });
  if (await toggle.isVisible()) await toggle.click();
  await page.getByRole('button', { name: category }).click();
  await expect(page.getByRole('button', { name: category })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('checkbox', { name: /^Guard/ }).check();
  await page.getByRole('button', { name: 'Apply' }).click();
}

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

test('the Lahore Owner sees one price on the card, the product page, the cart and the order, with no "Prices have changed"', async ({ page }) => {
  const watch = watchConsole(page);
  await demoFigures(page);
  await signIn(page, 'owner@demo.pk');
  // A signed-in buyer sees the business's city's prices and is offered no city choice.
  await page.goto('/home');
  await expect(page.getByRole('banner').getByRole('combobox', { name: 'City' })).toHaveCount(0);

  // The search dropdown says the same.
  await page.getByLabel('Search products').click();
  await page.getByRole('combobox', { name: 'Search products' }).fill(RICE);
  const result = page.getByRole('listbox', { name: 'Search results' }).getByRole('option').filter({ has: page.getByText(RICE, { exact: true }) });
  await expect(result).toContainText('Rs. 540');
  await page.keyboard.press('Escape');

  // The city-priced product, from its card, then its page.
  await guardCards(page, 'Rice & Grains');
  const rice = card(page, RICE);
  await expect(rice.getByTestId('price')).toHaveText('Rs. 540');
  await expect(rice).not.toContainText('Rs. 555');
  await rice.getByRole('button', { name: 'Add to cart' }).click();
  await expect(rice.getByRole('textbox', { name: `Quantity of ${RICE}` })).toHaveValue('1');
  await rice.getByRole('heading', { name: RICE }).getByRole('link').click();
  const ricePage = page.getByRole('main');
  await expect(ricePage.getByRole('heading', { name: RICE, level: 1 })).toBeVisible();
  await expect(ricePage.getByRole('article', { name: RICE }).first().getByTestId('price')).toHaveText('Rs. 540');
  await expect(ricePage.getByRole('article', { name: RICE }).first()).toContainText('Net Price');

  // The threshold product: its card and page say what 12 pieces cost.
  await guardCards(page, 'Pulses (Daal)');
  const daal = card(page, DAAL);
  await expect(daal.getByTestId('price')).toHaveText('Rs. 1,880');
  await expect(daal.getByRole('list', { name: 'Buy More Pay Less prices' })).toHaveText('12 or more: Rs. 1,770 each');
  await daal.getByRole('button', { name: 'Add to cart' }).click();
  await expect(daal.getByRole('textbox', { name: `Quantity of ${DAAL}` })).toHaveValue('1');
  await daal.getByRole('heading', { name: DAAL }).getByRole('link').click();
  await expect(page.getByRole('heading', { name: DAAL, level: 1 })).toBeVisible();
  const daalInfo = page.getByRole('main').getByRole('article', { name: DAAL }).first();
  await expect(daalInfo.getByTestId('price')).toHaveText('Rs. 1,880');
  await expect(daalInfo.getByRole('region', { name: 'Buy More Pay Less' })).toContainText('12 or more: Rs. 1,770 each');

  // The cart: each line says which price applies and what the next one needs.
  const firstRefresh = page.waitForResponse((r) => r.url().endsWith('/api/cart/price') && r.ok());
  await page.goto('/cart');
  await firstRefresh;
  const items = cartItems(page);
  const riceLine = items.getByRole('listitem', { name: RICE });
  const daalLine = items.getByRole('listitem', { name: DAAL });
  await expect(riceLine).toContainText('Rs. 540 each');
  await expect(riceLine).toContainText('City price');
  await expect(daalLine).toContainText('Rs. 1,880 each');
  await expect(daalLine).toContainText('List price');
  await expect(daalLine).toContainText('Add 11 more to pay Rs. 1,770 each');
  const atTwelve = page.waitForResponse((r) => r.url().endsWith('/api/cart/price') && r.ok() && (r.request().postDataJSON() as { quantities: number[] }).quantities.includes(12));
  const quantity = daalLine.getByRole('textbox', { name: `Quantity of ${DAAL}` });
  await quantity.fill('12');
  await quantity.press('Enter');
  await atTwelve;
  await expect(daalLine).toContainText('Rs. 1,770 each');
  await expect(daalLine).toContainText('Buy More Pay Less quantity price');
  await expect(daalLine).toContainText('Rs. 21,240');
  await expect(daalLine).not.toContainText('more to pay');
  await expect(page.getByText('Prices have changed')).toHaveCount(0);

  // Opening the cart again (the lines were priced at 12 before) tells no change either.
  const again = page.waitForResponse((r) => r.url().endsWith('/api/cart/price') && r.ok());
  await page.reload();
  await again;
  await expect(daalLine).toContainText('Rs. 1,770 each');
  await expect(page.getByText('Prices have changed')).toHaveCount(0);

  // Check out and place the order: it charges what the cart showed.
  await page.getByRole('button', { name: 'Review Payment and Address' }).click();
  await expect(page.getByRole('heading', { name: 'Check Out', level: 1 })).toBeVisible();
  const placed = page.waitForResponse((r) => r.url().endsWith('/api/write/Orders') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Place order' }).click();
  const order = (await (await placed).json()).data as { order_number: string; order_details: { product_name: string; quantity: number; unit_price: string }[] };
  expect(order.order_details.map((d) => [d.product_name, d.quantity, d.unit_price]).sort()).toEqual([
    [RICE, 1, '540.00'],
    [DAAL, 12, '1770.00'],
  ]);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
  await expect(dialog).toContainText(order.order_number);
  await dialog.getByRole('button', { name: 'OK' }).click();

  // The order in Order History, line by line.
  await page.goto('/orders');
  const placedCard = page.getByRole('listitem', { name: `Order ${order.order_number}` });
  await placedCard.getByRole('button', { name: 'View Details' }).click();
  const lines = placedCard.getByRole('table');
  const cells = (name: string) => lines.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) }).getByRole('cell');
  await expect(cells(RICE)).toHaveText([RICE, '1', 'Rs. 540', 'Rs. 540']);
  await expect(cells(DAAL)).toHaveText([DAAL, '12', 'Rs. 1,770', 'Rs. 21,240']);
  await expect(lines.getByRole('row').filter({ hasText: 'Total Bill' })).toContainText('Rs. 21,780');
  watch.expectClean();
});

test('a guest sees the list price until choosing Lahore, then the Lahore price, shared with the marketplace', async ({ page }) => {
  const watch = watchConsole(page);
  await arriveAsGuest(page);
  const city = page.getByRole('banner').getByRole('combobox', { name: 'City' });
  await expect(city).toHaveValue('');
  await guardCards(page, 'Rice & Grains');
  await expect(card(page, RICE).getByTestId('price')).toHaveText('Rs. 555');
  await city.selectOption('Lahore');
  await expect(card(page, RICE).getByTestId('price')).toHaveText('Rs. 540');
  // The marketplace opens on the same city.
  await page.goto('/bmpl');
  await expect(page.getByRole('banner').getByRole('combobox', { name: 'City' })).toHaveValue('Lahore');
  watch.expectClean();
});

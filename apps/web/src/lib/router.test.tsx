import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import * as ReactRouter from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Link, MemoryRouter, matchRoutes, NavLink, Navigate, type RouteObject, Routes, Route, useLocation, useNavigate, useParams, useSearchParams } from './router.tsx';

// Issue 41: the buyer's pages use lib/router.tsx instead of React Router. These tests hold it to React
// Router's own answers (its matchRoutes is still installed: the staff back office uses it).

/** The shop's route paths (app/router.tsx), in their order, under the shell's pathless route. */
const PATHS = [
  '/', '/home', '/bmpl', '/bmpl/search', '/bmpl/category/:level2', '/bmpl/category/:level2/:level3',
  '/bmpl/category/:level2/:level3/productdetail/:productName', '/bmpl/category/:level2/productdetail/:productName',
  '/bmpl/:level2/:level3/productdetail/:productName', '/bmpl/:level2/productdetail/:productName', '/bmpl/productdetail/:productName',
  '/:level2/:level3/productdetail/:productName', '/productDetail', '/productDetails', '/categories', '/business/:id?', '/businessProducts',
  '/sign-up', '/sign-in', '/cart', '/orders', '/order-lists', '/order-lists/:id', '/pending', '/pageNotFound', '*',
];
const routes: RouteObject[] = [{ children: PATHS.map((path) => ({ path, caseSensitive: true })) }];

const ADDRESSES = [
  '/', '/home', '/home/', '/Home', '/bmpl', '/bmpl/', '/bmpl/search', '/bmpl/category/rice', '/bmpl/category/rice/', '/bmpl/category/rice-&-grains/basmati-rice/',
  '/bmpl/category/rice/basmati/productdetail/guard-rice-5-kg', '/bmpl/category/rice/productdetail/guard', '/bmpl/rice/basmati/productdetail/guard',
  '/bmpl/rice/productdetail/guard', '/bmpl/productdetail/guard', '/rice/basmati/productdetail/guard', '/rice/productdetail/guard', '/productDetails',
  '/productdetails', '/business', '/business/', '/business/3', '/business/3/x', '/order-lists/12', '/order-lists/a%20b', '/order-lists/a%2Fb',
  '/bmpl/category/dal%20mash/x', '/no/such/page', '/categories//', '/%E0%A4%A',
];

describe('matching, as React Router matches', () => {
  it('the shop route table: the same route and parameters for every address', () => {
    for (const address of ADDRESSES) {
      const ours = matchRoutes(routes, address);
      const theirs = ReactRouter.matchRoutes(routes as ReactRouter.RouteObject[], address);
      const view = (m: Array<{ route: RouteObject; params: object; pathname: string; pathnameBase: string }> | null) =>
        m?.map((x) => ({ path: x.route.path, params: x.params, pathname: x.pathname, pathnameBase: x.pathnameBase }));
      expect(view(ours), address).toEqual(view(theirs));
    }
  });

  it('ranking: static segments before dynamic ones before splats, whatever the order; nested and optional paths', () => {
    const ranked: RouteObject[] = [
      { path: '*' },
      { path: '/:a/:b' },
      { path: '/:a/x' },
      { path: '/y/*' },
      { path: '/y/:b' },
      { path: '/z/:b?/w' },
      { path: '/n', children: [{ path: ':id' }, { path: 'new' }, { index: true }] },
    ];
    for (const address of ['/q/x', '/q/r', '/y/r', '/y/r/s', '/z/w', '/z/1/w', '/n', '/n/new', '/n/5', '/', '/a/b/c']) {
      const view = (m: Array<{ route: RouteObject; params: object }> | null) => m?.map((x) => ({ path: x.route.path, index: x.route.index, params: x.params }));
      expect(view(matchRoutes(ranked, address)), address).toEqual(view(ReactRouter.matchRoutes(ranked as ReactRouter.RouteObject[], address)));
    }
  });
});

afterEach(cleanup);

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}${location.hash}|${JSON.stringify(location.state)}|${location.key === 'default' ? 'default' : 'key'}`}</p>;
}
const where = () => screen.getByTestId('where').textContent;

/** A page of the last test: what it shows, and its navigate and search-params setter for the test to call. */
const handles = {
  navigate: ((..._: unknown[]) => undefined) as ReturnType<typeof useNavigate>,
  setParams: ((..._: unknown[]) => undefined) as ReturnType<typeof useSearchParams>[1],
};
function List() {
  const { id } = useParams();
  const [params, set] = useSearchParams();
  handles.navigate = useNavigate();
  handles.setParams = set;
  return <p>{`list ${id} sort ${params.get('sort')}`}</p>;
}

describe('links and navigation, as React Router does them', () => {
  it('a left click moves within the app with its state; a click with a modifier key or on another origin is left to the browser', () => {
    render(
      <MemoryRouter initialEntries={['/home']}>
        <Link to="/cart" state={{ from: 'home' }}>Cart</Link>
        <Link to="https://example.com/x">Elsewhere</Link>
        <Where />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Cart' }).getAttribute('href')).toBe('/cart');
    expect(screen.getByRole('link', { name: 'Elsewhere' }).getAttribute('href')).toBe('https://example.com/x');
    expect(fireEvent.click(screen.getByRole('link', { name: 'Cart' }), { ctrlKey: true })).toBe(true);
    expect(where()).toBe('/home|null|default');
    expect(fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }))).toBe(true);
    expect(fireEvent.click(screen.getByRole('link', { name: 'Cart' }))).toBe(false);
    expect(where()).toBe('/cart|{"from":"home"}|key');
  });

  it('NavLink: active on its path and below it, case-insensitive, with aria-current="page"', () => {
    render(
      <MemoryRouter initialEntries={['/Order-Lists/3']}>
        <NavLink to="/order-lists" className={({ isActive }) => (isActive ? 'on' : 'off')}>Lists</NavLink>
        <NavLink to="/order-lists" end>Exact</NavLink>
        <NavLink to="/orders">Orders</NavLink>
      </MemoryRouter>,
    );
    const lists = screen.getByRole('link', { name: 'Lists' });
    expect([lists.className, lists.getAttribute('aria-current')]).toEqual(['on', 'page']);
    expect(screen.getByRole('link', { name: 'Exact' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('link', { name: 'Orders' }).className).toBe('');
  });

  it('Routes, useParams, Navigate, useNavigate (a number goes through the history) and useSearchParams', async () => {
    render(
      <MemoryRouter initialEntries={['/old']}>
        <Routes>
          <Route path="/order-lists/:id" element={<List />} />
          <Route path="/old" element={<Navigate to="/order-lists/7?sort=a" replace />} />
        </Routes>
        <Where />
      </MemoryRouter>,
    );
    expect(await screen.findByText('list 7 sort a')).toBeTruthy();
    await act(async () => handles.setParams({ sort: 'b' }, { replace: true }));
    expect(await screen.findByText('list 7 sort b')).toBeTruthy();
    await act(async () => handles.navigate('/order-lists/8#top'));
    expect(where()).toMatch(/^\/order-lists\/8#top\|/);
    await act(async () => handles.navigate(-1));
    expect(where()).toMatch(/^\/order-lists\/7\?sort=b\|/);
  });
});

import type { ComponentType } from 'react';
import { BrowserRouter, matchRoutes, Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { preloadBar, Shell } from './layouts/shell.tsx';
import { Providers } from './providers.tsx';
import { type LazyPage, lazyPage, PageView, RouteErrorBoundary } from './route-error.tsx';

// SPEC 2 route table. Every page is its own chunk, so the first load carries only its page.
// React Router matches whole paths (exact), and every unknown path goes to /pageNotFound.
// Issue 41: React Router's declarative router (BrowserRouter and useRoutes), not its data router
// (createBrowserRouter), which added about 17 KB gzip to every first load for loaders, actions and
// fetchers the shop does not use. Its navigations are transitions, so a page whose chunk is loading
// leaves the current page shown until it is ready, as the data router's lazy routes did.
// A page used by several routes is one component, so moving between them keeps it (as the data
// router did, whose lazy routes all resolved to the page's own component).
const page = (load: () => Promise<ComponentType>) => {
  const lazy = lazyPage(load);
  return { element: <PageView page={lazy} />, page: lazy };
};

const homePage = page(() => import('../features/catalogue/home-page.tsx').then((m) => m.HomePage));
const marketplaceCategory = page(() => import('../features/marketplace/marketplace-category-page.tsx').then((m) => m.MarketplaceCategoryPage));
const marketplaceDetail = page(() => import('../features/marketplace/marketplace-product-page.tsx').then((m) => m.MarketplaceProductPage));

const routes: Array<RouteObject & { page?: LazyPage }> = [
  {
    element: <Shell />,
    children: [
      { path: '/', ...homePage },
      { path: '/home', ...homePage },
      { path: '/bmpl', ...page(() => import('../features/marketplace/marketplace-home-page.tsx').then((m) => m.MarketplaceHomePage)) },
      { path: '/bmpl/search', ...page(() => import('../features/marketplace/marketplace-search-page.tsx').then((m) => m.MarketplaceSearchPage)) },
      { path: '/bmpl/category/:level2', ...marketplaceCategory },
      { path: '/bmpl/category/:level2/:level3', ...marketplaceCategory },
      { path: '/bmpl/category/:level2/:level3/productdetail/:productName', ...marketplaceDetail },
      { path: '/bmpl/category/:level2/productdetail/:productName', ...marketplaceDetail },
      { path: '/bmpl/:level2/:level3/productdetail/:productName', ...marketplaceDetail },
      { path: '/bmpl/:level2/productdetail/:productName', ...marketplaceDetail },
      { path: '/bmpl/productdetail/:productName', ...marketplaceDetail },
      { path: '/:level2/:level3/productdetail/:productName', ...marketplaceDetail },
      { path: '/productDetail', ...page(() => import('../features/marketplace/discount-product-page.tsx').then((m) => m.DiscountProductPage)) },
      { path: '/productDetails', ...page(() => import('../features/catalogue/product-details-page.tsx').then((m) => m.ProductDetailsPage)) },
      { path: '/categories', ...page(() => import('../features/catalogue/categories-page.tsx').then((m) => m.CategoriesPage)) },
      { path: '/business/:id?', ...page(() => import('../features/catalogue/business-page.tsx').then((m) => m.BusinessPage)) },
      { path: '/businessProducts', ...page(() => import('../features/catalogue/business-products-page.tsx').then((m) => m.BusinessProductsPage)) },
      { path: '/sign-up', ...page(() => import('../features/auth/sign-up-page.tsx').then((m) => m.SignUpPage)) },
      { path: '/sign-up-2', ...page(() => import('../features/auth/sign-up-2-page.tsx').then((m) => m.SignUp2Page)) },
      { path: '/sign-up-3', ...page(() => import('../features/auth/sign-up-3-page.tsx').then((m) => m.SignUp3Page)) },
      { path: '/sign-in', ...page(() => import('../features/auth/sign-in-page.tsx').then((m) => m.SignInPage)) },
      { path: '/reset-password', ...page(() => import('../features/auth/reset-password-page.tsx').then((m) => m.ResetPasswordPage)) },
      { path: '/otp', ...page(() => import('../features/auth/otp-page.tsx').then((m) => m.OtpPage)) },
      { path: '/confirm-password', ...page(() => import('../features/auth/confirm-password-page.tsx').then((m) => m.ConfirmPasswordPage)) },
      { path: '/cart', ...page(() => import('../features/cart/cart-page.tsx').then((m) => m.CartPage)) },
      { path: '/accountInfo', ...page(() => import('../features/account/account-info-page.tsx').then((m) => m.AccountInfoPage)) },
      { path: '/userInfo', ...page(() => import('../features/account/user-info-page.tsx').then((m) => m.UserInfoPage)) },
      { path: '/orders', ...page(() => import('../features/orders/orders-page.tsx').then((m) => m.OrdersPage)) },
      // Issue 21: buying the same things again.
      { path: '/quick-order', ...page(() => import('../features/reorder/quick-order-page.tsx').then((m) => m.QuickOrderPage)) },
      { path: '/order-lists', ...page(() => import('../features/reorder/order-lists-page.tsx').then((m) => m.OrderListsPage)) },
      { path: '/order-lists/:id', ...page(() => import('../features/reorder/order-list-page.tsx').then((m) => m.OrderListPage)) },
      { path: '/pending', ...page(() => import('../features/approvals/pending-page.tsx').then((m) => m.PendingPage)) },
      { path: '/ledgers', ...page(() => import('../features/ledgers/ledgers-page.tsx').then((m) => m.LedgersPage)) },
      { path: '/privacypolicy', ...page(() => import('../features/info/privacy-policy-page.tsx').then((m) => m.PrivacyPolicyPage)) },
      { path: '/termsAndConditions', ...page(() => import('../features/info/terms-page.tsx').then((m) => m.TermsPage)) },
      { path: '/faqs', ...page(() => import('../features/info/faqs-page.tsx').then((m) => m.FaqsPage)) },
      { path: '/feedback', ...page(() => import('../features/feedback/feedback-page.tsx').then((m) => m.FeedbackPage)) },
      { path: '/pageNotFound', ...page(() => import('../features/info/page-not-found-page.tsx').then((m) => m.PageNotFoundPage)) },
      { path: '*', element: <Navigate to="/pageNotFound" replace /> },
    ].map((r) => ({ ...r, caseSensitive: true })),
  },
];

/** Loads the chunks of the page at this address and of its bar, so the first render draws them (main.tsx). */
export function preloadPage(location: Pick<Location, 'pathname' | 'search' | 'hash'>): Promise<unknown> {
  const matched = matchRoutes(routes, location)?.at(-1)?.route as { page?: LazyPage } | undefined;
  return Promise.all([matched?.page?.preload(), preloadBar(location.pathname)]).catch(() => undefined);
}

/** The routes, with the root route's error element: an error in the shell itself shows RouteError alone. */
function Routes() {
  const location = useLocation();
  const shown = useRoutes(routes);
  return <RouteErrorBoundary locationKey={location.key}>{shown}</RouteErrorBoundary>;
}

export function AppRouter() {
  return (
    <Providers>
      <BrowserRouter>
        <Routes />
      </BrowserRouter>
    </Providers>
  );
}

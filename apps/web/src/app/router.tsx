import { createBrowserRouter, Navigate, type RouteObject, RouterProvider } from 'react-router';
import { Shell } from './layouts/shell.tsx';
import { Providers } from './providers.tsx';
import { lazyPage, RouteError } from './route-error.tsx';

// SPEC 2 route table. Every page is its own chunk, so the first load carries only its page.
// React Router matches whole paths (exact), and every unknown path goes to /pageNotFound.
const page = lazyPage;

const marketplaceDetail = page(() => import('../features/marketplace/marketplace-product-page.tsx').then((m) => m.MarketplaceProductPage));

const routes: RouteObject[] = [
  {
    element: <Shell />,
    // The first page's chunk loads before the router renders; without this React Router warns in the console.
    hydrateFallbackElement: <div className="min-h-screen" aria-busy="true" />,
    errorElement: <RouteError />,
    children: [
      { path: '/', lazy: page(() => import('../features/catalogue/home-page.tsx').then((m) => m.HomePage)) },
      { path: '/home', lazy: page(() => import('../features/catalogue/home-page.tsx').then((m) => m.HomePage)) },
      { path: '/bmpl', lazy: page(() => import('../features/marketplace/marketplace-home-page.tsx').then((m) => m.MarketplaceHomePage)) },
      { path: '/bmpl/search', lazy: page(() => import('../features/marketplace/marketplace-search-page.tsx').then((m) => m.MarketplaceSearchPage)) },
      { path: '/bmpl/category/:level2', lazy: page(() => import('../features/marketplace/marketplace-category-page.tsx').then((m) => m.MarketplaceCategoryPage)) },
      { path: '/bmpl/category/:level2/:level3', lazy: page(() => import('../features/marketplace/marketplace-category-page.tsx').then((m) => m.MarketplaceCategoryPage)) },
      { path: '/bmpl/category/:level2/:level3/productdetail/:productName', lazy: marketplaceDetail },
      { path: '/bmpl/category/:level2/productdetail/:productName', lazy: marketplaceDetail },
      { path: '/bmpl/:level2/:level3/productdetail/:productName', lazy: marketplaceDetail },
      { path: '/bmpl/:level2/productdetail/:productName', lazy: marketplaceDetail },
      { path: '/bmpl/productdetail/:productName', lazy: marketplaceDetail },
      { path: '/:level2/:level3/productdetail/:productName', lazy: marketplaceDetail },
      { path: '/productDetail', lazy: page(() => import('../features/marketplace/discount-product-page.tsx').then((m) => m.DiscountProductPage)) },
      { path: '/productDetails', lazy: page(() => import('../features/catalogue/product-details-page.tsx').then((m) => m.ProductDetailsPage)) },
      { path: '/categories', lazy: page(() => import('../features/catalogue/categories-page.tsx').then((m) => m.CategoriesPage)) },
      { path: '/business/:id?', lazy: page(() => import('../features/catalogue/business-page.tsx').then((m) => m.BusinessPage)) },
      { path: '/businessProducts', lazy: page(() => import('../features/catalogue/business-products-page.tsx').then((m) => m.BusinessProductsPage)) },
      { path: '/sign-up', lazy: page(() => import('../features/auth/sign-up-page.tsx').then((m) => m.SignUpPage)) },
      { path: '/sign-up-2', lazy: page(() => import('../features/auth/sign-up-2-page.tsx').then((m) => m.SignUp2Page)) },
      { path: '/sign-up-3', lazy: page(() => import('../features/auth/sign-up-3-page.tsx').then((m) => m.SignUp3Page)) },
      { path: '/sign-in', lazy: page(() => import('../features/auth/sign-in-page.tsx').then((m) => m.SignInPage)) },
      { path: '/reset-password', lazy: page(() => import('../features/auth/reset-password-page.tsx').then((m) => m.ResetPasswordPage)) },
      { path: '/otp', lazy: page(() => import('../features/auth/otp-page.tsx').then((m) => m.OtpPage)) },
      { path: '/confirm-password', lazy: page(() => import('../features/auth/confirm-password-page.tsx').then((m) => m.ConfirmPasswordPage)) },
      { path: '/cart', lazy: page(() => import('../features/cart/cart-page.tsx').then((m) => m.CartPage)) },
      { path: '/accountInfo', lazy: page(() => import('../features/account/account-info-page.tsx').then((m) => m.AccountInfoPage)) },
      { path: '/userInfo', lazy: page(() => import('../features/account/user-info-page.tsx').then((m) => m.UserInfoPage)) },
      { path: '/orders', lazy: page(() => import('../features/orders/orders-page.tsx').then((m) => m.OrdersPage)) },
      // Issue 21: buying the same things again.
      { path: '/quick-order', lazy: page(() => import('../features/reorder/quick-order-page.tsx').then((m) => m.QuickOrderPage)) },
      { path: '/order-lists', lazy: page(() => import('../features/reorder/order-lists-page.tsx').then((m) => m.OrderListsPage)) },
      { path: '/order-lists/:id', lazy: page(() => import('../features/reorder/order-list-page.tsx').then((m) => m.OrderListPage)) },
      { path: '/pending', lazy: page(() => import('../features/approvals/pending-page.tsx').then((m) => m.PendingPage)) },
      { path: '/ledgers', lazy: page(() => import('../features/ledgers/ledgers-page.tsx').then((m) => m.LedgersPage)) },
      { path: '/privacypolicy', lazy: page(() => import('../features/info/privacy-policy-page.tsx').then((m) => m.PrivacyPolicyPage)) },
      { path: '/termsAndConditions', lazy: page(() => import('../features/info/terms-page.tsx').then((m) => m.TermsPage)) },
      { path: '/faqs', lazy: page(() => import('../features/info/faqs-page.tsx').then((m) => m.FaqsPage)) },
      { path: '/feedback', lazy: page(() => import('../features/feedback/feedback-page.tsx').then((m) => m.FeedbackPage)) },
      { path: '/pageNotFound', lazy: page(() => import('../features/info/page-not-found-page.tsx').then((m) => m.PageNotFoundPage)) },
      { path: '*', element: <Navigate to="/pageNotFound" replace /> },
    ].map((r) => ({ ...r, caseSensitive: true, errorElement: <RouteError /> })),
  },
];

const router = createBrowserRouter(routes);

export function AppRouter() {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}

import { FOOTER_YEAR } from '@shop/domain/constants';
import { Link } from 'react-router';

export function Footer() {
  return (
    <footer className="mt-10 bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 text-sm sm:grid-cols-3">
        <div>
          <p className="text-base font-semibold text-white">Wholesale Shop</p>
          <p className="mt-2 text-slate-300">Cash and carry for shops, hotels, restaurants, caterers and offices across Pakistan.</p>
        </div>
        <nav aria-label="Information">
          <p className="font-semibold text-white">Information</p>
          <ul className="mt-2 space-y-1">
            <li><Link className="hover:underline" to="/privacypolicy">Privacy Policy</Link></li>
            <li><Link className="hover:underline" to="/termsAndConditions">Terms and Conditions</Link></li>
            <li><Link className="hover:underline" to="/faqs">FAQs</Link></li>
            <li><Link className="hover:underline" to="/feedback">Feedback</Link></li>
          </ul>
        </nav>
        <nav aria-label="Shop">
          <p className="font-semibold text-white">Shop</p>
          <ul className="mt-2 space-y-1">
            <li><Link className="hover:underline" to="/home">Ordering</Link></li>
            <li><Link className="hover:underline" to="/bmpl">Buy More Pay Less</Link></li>
          </ul>
        </nav>
      </div>
      <p className="border-t border-slate-700 px-16 py-3 text-center text-xs text-slate-300">© {FOOTER_YEAR} Wholesale Shop. All rights reserved. Prices in PKR.</p>
    </footer>
  );
}

import { InfoLayout } from './info-layout.tsx';

export function TermsPage() {
  return (
    <InfoLayout slug="termsAndConditions" title="Terms and Conditions" updated="23 August 2023">
      <h2>Who may order</h2>
      <p>This platform is for business customers only. Domestic customers may be refused.</p>
      <h2>Prices</h2>
      <ul>
        <li>Prices are in Pakistani rupees (PKR) and are guide prices; the final price is the one charged at delivery.</li>
        <li>Prices include sales tax where applicable. A service charge may apply depending on your location.</li>
        <li>Customers with specific pricing get locked prices.</li>
      </ul>
      <h2>Delivery</h2>
      <p>Orders are delivered within 24-48 hours; orders placed until 8 pm are counted from that day.</p>
      <h2>Cancellations and changes</h2>
      <p>An order can be cancelled or changed within the first two hours after confirmation.</p>
      <h2>Returns and refunds</h2>
      <ul>
        <li>Goods can be returned or exchanged at the store within 7 days.</li>
        <li>Refunds may be given as a wallet balance or as credits.</li>
      </ul>
      <h2>Complaints</h2>
      <p>We resolve complaints within 5 working days.</p>
    </InfoLayout>
  );
}

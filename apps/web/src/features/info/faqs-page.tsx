import { InfoLayout } from './info-layout.tsx';

const FAQS: { q: string; a: string }[] = [
  { q: 'What is the minimum order value?', a: 'The minimum order value is 30,000 PKR.' },
  { q: 'How soon will my order arrive?', a: 'Orders placed before 6:00 pm are delivered within 24 hours.' },
  { q: 'Can I cancel or change my order?', a: 'Yes, within the first two hours after your order is confirmed.' },
  { q: 'Can I return a product?', a: 'Products can be returned or exchanged at the store within 7 days.' },
  { q: 'How long does it take to resolve a complaint?', a: 'Complaints are resolved within 5 working days.' },
  { q: 'How can I pay?', a: 'By the payment mode of your business: Cash on delivery, Credit or Advance.' },
  { q: 'Who can buy here?', a: 'The shop is for business customers only; domestic customers may be refused. Customers with specific pricing get locked prices.' },
  { q: 'I forgot my password. What do I do?', a: 'Choose Forgot Password on the Sign In page. We email you a 6-digit code that works for 10 minutes.' },
];

export function FaqsPage() {
  return (
    <InfoLayout slug="faqs" title="FAQs">
      <div className="mt-4 divide-y divide-slate-200 rounded-md border border-slate-200">
        {FAQS.map((f) => (
          <details key={f.q} className="group px-4 py-3">
            <summary className="cursor-pointer font-semibold text-slate-900">{f.q}</summary>
            <p>{f.a}</p>
          </details>
        ))}
      </div>
    </InfoLayout>
  );
}

import { InfoLayout } from './info-layout.tsx';

export function PrivacyPolicyPage() {
  return (
    <InfoLayout slug="privacypolicy" title="Privacy Policy" updated="23 August 2023">
      <p>This policy explains what we collect when you use our wholesale ordering shop, why, and how long we keep it.</p>
      <h2>What we collect</h2>
      <ul>
        <li>Account details: your name, business name, phone number and email.</li>
        <li>Sign-up requires your city and area, so that the nearest store can serve you; documents you upload (CNIC, NTN certificate, letter head, business card) verify your business.</li>
        <li>Orders, invoices and payments of your business.</li>
        <li>Usage data from analytics, to improve the shop.</li>
      </ul>
      <h2>Email</h2>
      <p>We send a one-time password (OTP) and your invoices to a valid email address, so please keep yours up to date.</p>
      <h2>Retention</h2>
      <p>Analytics data is kept for 14 months. Account and order records are kept as long as your account is active and the law requires.</p>
      <h2>Children</h2>
      <p>The shop is for businesses. We do not collect data from anyone under 18.</p>
      <h2>Your choices</h2>
      <p>
        You can ask us to delete your account through the Feedback form (type Account Deletion).
      </p>
    </InfoLayout>
  );
}

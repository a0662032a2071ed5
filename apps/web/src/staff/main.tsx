import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StaffApp } from './staff-app.tsx';
import './staff.css';

// The back office is its own entry (staff.html): nothing here is in the shop's first load, and it
// imports no shop feature (docs/decisions/008-staff-back-office.md).
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <StaffApp />
    </StrictMode>,
  );
}

// The demo checkout's entry (index.html): the React app, on the provider and frame that the demo
// server names in window.CASHIER_DEMO (provider/startAll.ts).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Checkout } from './Checkout';

createRoot(document.getElementById('checkout') as HTMLElement).render(
  <StrictMode>
    <Checkout config={window.CASHIER_DEMO} search={location.search} />
  </StrictMode>,
);

// The site's entry: its checkout page for one order. The site's server would render the order and
// its provider settings into the page; this walk's page reads them from the query string.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Checkout } from './Checkout';

const params = new URLSearchParams(window.location.search);
const host = params.get('host');
const appInstance = params.get('app');
const orderId = params.get('order');
const root = document.getElementById('root');
if (!root || !host || !appInstance || !orderId) throw new Error('the checkout needs #root and ?host=…&app=…&order=…');

createRoot(root).render(
  <StrictMode>
    <Checkout host={host} appInstance={appInstance} orderId={orderId} />
  </StrictMode>,
);

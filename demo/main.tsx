// The demo checkout's entry (index.html): the React app, on the provider and frame that the demo
// server names in window.CASHIER_DEMO (provider/startAll.ts).
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { Checkout } from './Checkout';

const root = createRoot(document.getElementById('checkout') as HTMLElement);
// Rendered at once, not in a later task: the checkout is in the document before DOMContentLoaded,
// as the page's own HTML was, so a first Tab or click right after the load finds it.
flushSync(() => {
  root.render(
    <StrictMode>
      <Checkout config={window.CASHIER_DEMO} search={location.search} />
    </StrictMode>,
  );
});

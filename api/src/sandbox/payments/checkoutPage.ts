import { ORDER_ALREADY_PAID } from './errors.ts';
import type { OrderRow } from './store.ts';

/*
 * The sandbox's checkout page, shown in the iframe checkout.js opens: the amount in rupees, UPI or
 * Card, and two outcomes — "Pay" and "Fail this payment". Its result goes to the merchant's page
 * with postMessage, addressed to that page's origin only.
 */

const BOLI_PURPLE = '#5f2f9d';

/** Paise as rupees with Indian grouping; paise shown only when not zero (₹1,180 · ₹1,180.50). */
export function rupees(paise: number): string {
  return new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: paise % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(paise / 100);
}

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** JSON safe inside a <script> element. */
const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

export type CheckoutView = {
  order: OrderRow;
  keyId: string;
  merchantName: string;
  description: string;
  /** The origin of the page that opened checkout; results are posted to it alone. */
  parentOrigin: string | null;
  email: string;
  contact: string;
};

const styles = `
  * { box-sizing: border-box; }
  body { margin: 0; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
    color: #1f1a24; background: #fff; }
  header { background: ${BOLI_PURPLE}; color: #fff; padding: 16px 20px; position: relative; }
  header h1 { margin: 0; font-size: 20px; }
  header p { margin: 4px 0 0; opacity: .9; font-size: 14px; }
  .close { position: absolute; top: 10px; right: 10px; background: transparent; color: #fff;
    border: 0; font-size: 24px; line-height: 1; cursor: pointer; padding: 4px 8px; }
  main { padding: 20px; }
  .amount { font-size: 32px; font-weight: 700; margin: 4px 0 16px; }
  .label { font-size: 13px; color: #5b5266; text-transform: uppercase; letter-spacing: .04em; }
  fieldset { border: 1px solid #ddd3ea; border-radius: 8px; padding: 8px 12px 12px; margin: 0 0 20px; }
  legend { padding: 0 4px; font-size: 14px; color: #5b5266; }
  label.method { display: flex; gap: 10px; align-items: center; padding: 8px 4px; font-size: 16px; }
  button.action { width: 100%; padding: 14px; font-size: 16px; border-radius: 8px; cursor: pointer;
    margin-bottom: 10px; font-weight: 600; }
  #pay { background: ${BOLI_PURPLE}; color: #fff; border: 0; }
  #fail { background: #fff; color: #b3261e; border: 1px solid #b3261e; }
  button:disabled { opacity: .6; cursor: wait; }
  button:focus-visible, input:focus-visible { outline: 3px solid #f0b400; outline-offset: 2px; }
  #status { min-height: 24px; font-size: 15px; margin-top: 8px; }
  #status.error { color: #b3261e; } #status.ok { color: #1b6e2d; }
  .sandbox { font-size: 12px; color: #5b5266; margin-top: 16px; }
`;

export function renderCheckoutPage(view: CheckoutView): string {
  const { order } = view;
  const paid = order.status === 'paid';
  const config = {
    orderId: order.id,
    keyId: view.keyId,
    parentOrigin: view.parentOrigin,
    email: view.email,
    contact: view.contact,
    paid,
  };
  return `<!doctype html>
<html lang="en-IN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pay ${escapeHtml(rupees(order.amount))} · ${escapeHtml(view.merchantName)} (sandbox)</title>
<style>${styles}</style>
</head>
<body>
<header>
  <h1>${escapeHtml(view.merchantName)}</h1>
  <p>${escapeHtml(view.description || 'Payment')}</p>
  <button type="button" class="close" id="close" aria-label="Close checkout">×</button>
</header>
<main>
  <div class="label" id="amount-label">Amount to pay</div>
  <div class="amount" aria-labelledby="amount-label" data-testid="amount">${escapeHtml(rupees(order.amount))}</div>
  <fieldset>
    <legend>Payment method</legend>
    <label class="method"><input type="radio" name="method" value="upi" checked> UPI</label>
    <label class="method"><input type="radio" name="method" value="card"> Card</label>
  </fieldset>
  <button type="button" class="action" id="pay" disabled>Pay</button>
  <button type="button" class="action" id="fail" disabled>Fail this payment</button>
  <div id="status" role="status" aria-live="polite">${paid ? 'This order has already been paid.' : ''}</div>
  <p class="sandbox">Sandbox gateway — no real money moves. Order ${escapeHtml(order.id)}</p>
</main>
<script>
const config = ${scriptJson(config)};
const status = document.getElementById('status');
const buttons = [document.getElementById('pay'), document.getElementById('fail')];
function tell(message) {
  if (config.parentOrigin && window.parent !== window) {
    window.parent.postMessage({ source: 'boli-sandbox-checkout', ...message }, config.parentOrigin);
  }
}
function show(text, kind) { status.textContent = text; status.className = kind; }
async function attempt(outcome) {
  const method = document.querySelector('input[name="method"]:checked').value;
  buttons.forEach((b) => (b.disabled = true));
  show('Processing…', '');
  try {
    const response = await fetch('/checkout/pay', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: config.orderId, key_id: config.keyId, method, outcome,
        email: config.email, contact: config.contact }),
    });
    const result = await response.json();
    if (response.ok && result.razorpay_payment_id && !result.error) {
      show('Payment successful.', 'ok');
      tell({ type: 'success', response: result });
      return;
    }
    const error = result.error || { code: 'BAD_REQUEST_ERROR', description: 'Payment failed' };
    // Paid meanwhile (another tab's checkout of the same order): nothing to try again.
    if (error.description === ${scriptJson(ORDER_ALREADY_PAID)}) {
      show('This order has already been paid. Nothing more to pay: close this window.', 'ok');
      return;
    }
    show('Payment failed — ' + error.description + '. You can try again.', 'error');
    if (error.metadata && error.metadata.payment_id) tell({ type: 'failure', error });
    buttons.forEach((b) => (b.disabled = false));
  } catch (e) {
    show('Could not reach the sandbox gateway. Try again.', 'error');
    buttons.forEach((b) => (b.disabled = false));
  }
}
buttons[0].addEventListener('click', () => attempt('success'));
buttons[1].addEventListener('click', () => attempt('failure'));
// The buttons come disabled and are enabled only now that a click on them does something: a
// click while the page was still being read would otherwise be lost without a word.
if (!config.paid) buttons.forEach((b) => (b.disabled = false));
document.getElementById('close').addEventListener('click', () => tell({ type: 'dismiss' }));
// The keyboard stays in the checkout, as in a dialog: Tab from the last control comes back to the
// first, Shift+Tab from the first goes to the last; Escape closes it.
document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape') return tell({ type: 'dismiss' });
  if (e.key !== 'Tab') return;
  const stops = [...document.querySelectorAll('button:not(:disabled), input:checked')];
  const [first, last] = [stops[0], stops[stops.length - 1]];
  const at = document.activeElement;
  if (e.shiftKey ? at === first || !stops.includes(at) : at === last) {
    e.preventDefault();
    (e.shiftKey ? last : first).focus();
  }
});
// Given the keyboard (checkout.js focuses this frame once loaded), the chosen method has it first.
const takeFocus = () => {
  if (!document.activeElement || document.activeElement === document.body) {
    document.querySelector('input[name="method"]:checked').focus();
  }
};
window.addEventListener('focus', takeFocus);
takeFocus();
</script>
</body>
</html>`;
}

export function renderMissingOrderPage(): string {
  return `<!doctype html><html lang="en-IN"><head><meta charset="utf-8"><title>Order not found</title>
<style>${styles}</style></head><body><header><h1>Checkout</h1>
<button type="button" class="close" id="close" aria-label="Close checkout">×</button></header>
<main><p role="alert">This order does not exist in the sandbox gateway.</p></main>
<script>document.getElementById('close').addEventListener('click', () =>
  window.parent.postMessage({ source: 'boli-sandbox-checkout', type: 'dismiss' }, '*'));</script>
</body></html>`;
}

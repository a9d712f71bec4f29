/*
 * The sandbox gateway's control routes (controlRoutes.ts) called over HTTP: a test, or the demo's
 * payments, paying an order as a customer at checkout would, without a browser.
 */

/**
 * POSTs `body` to the sandbox gateway at `gatewayUrl` (the api's RAZORPAY_API_URL), `path` being
 * '/sandbox/…'; answers its JSON, or throws naming the route and what it answered.
 */
export async function postToSandbox(
  gatewayUrl: string,
  path: string,
  body: unknown,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${gatewayUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`sandbox ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/**
 * The customer pays (`success`) or fails to pay `orderId` at the sandbox's checkout, by UPI:
 * answers what checkout hands the merchant's page; the gateway's webhook tells Boli too.
 */
export const payAtSandboxCheckout = (
  gatewayUrl: string,
  orderId: string,
  outcome: 'success' | 'failure',
) => postToSandbox(gatewayUrl, '/sandbox/pay', { order_id: orderId, method: 'upi', outcome });

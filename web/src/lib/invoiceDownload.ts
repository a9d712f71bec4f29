import { ApiError } from '../app/api/client.ts';

/**
 * A tax document's file, named by its number as the api names it (the prefix says which it is):
 * "BL/26-27/000042" → "BL-26-27-000042.pdf", "CN/26-27/000007" → "CN-26-27-000007.pdf".
 */
export const documentFileName = (documentNumber: string): string =>
  `${documentNumber.replace(/[^\w.-]+/g, '-')}.pdf`;

/**
 * Fetches an invoice PDF, or a credit note's (served the same way), as the logged-in member or
 * auditor (the api wants the Bearer token, which a plain link cannot send) and hands it to the
 * browser as a download. An expired token is refreshed once, as every other call does.
 */
export async function downloadInvoice(
  url: string,
  fileName: string,
  session: { token: string | null; refresh(): Promise<string> },
): Promise<void> {
  const get = (token: string | null) =>
    fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  let response = await get(session.token);
  if (response.status === 401 || response.status === 403) {
    response = await get(await session.refresh());
  }
  if (!response.ok) throw new ApiError(response.status, '');
  const href = URL.createObjectURL(await response.blob());
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = fileName;
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  window.setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

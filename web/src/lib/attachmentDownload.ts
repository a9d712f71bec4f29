import { ApiError } from '../app/api/client.ts';

/**
 * The file name the api gives a document (`Content-Disposition: attachment;
 * filename="BL-26-27-000042.pdf"`), or null: the api alone names the files it serves.
 */
export const attachmentName = (header: string | null): string | null =>
  /filename="([^"]+)"/.exec(header ?? '')?.[1] ?? null;

/**
 * Fetches a file the api serves as an attachment (an invoice or credit note PDF, the auditor's
 * ledger as CSV) as the logged-in member or auditor (the api wants the Bearer token, which a plain
 * link cannot send) and hands it to the browser as a download. An expired token is refreshed
 * once, as every other call does.
 */
export async function downloadAttachment(
  url: string,
  session: { token: string | null; refresh(): Promise<string> },
): Promise<void> {
  const get = (token: string | null) =>
    fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  let response = await get(session.token);
  if (response.status === 401 || response.status === 403) {
    response = await get(await session.refresh());
  }
  if (!response.ok) throw new ApiError(response.status, '');
  saveFile(
    await response.blob(),
    attachmentName(response.headers.get('content-disposition')) ?? 'download',
  );
}

/** Hands `blob` to the browser as a download named `name`. */
export function saveFile(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = name;
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  window.setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

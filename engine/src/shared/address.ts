/*
 * Addresses as people read them: on the ad page, the profile and the tax invoice alike.
 */

/**
 * An address on one line: its parts in order, without the blank ones and without a place said
 * twice (members often give the district as the city too: "Jorhat, Jorhat, Assam"). The web
 * app and the invoice's Billed to both write addresses with it.
 */
export function formatAddress(parts: readonly (string | null | undefined)[]): string {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const part of parts) {
    const text = (part ?? '').trim();
    const key = text.toLowerCase();
    if (text === '' || seen.has(key)) continue;
    seen.add(key);
    kept.push(text);
  }
  return kept.join(', ');
}

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

/** An address's parts, as a profile, an ad and an invoice's buyer hold them; any may be blank. */
export type AddressParts = {
  readonly houseno?: string | null;
  readonly street?: string | null;
  readonly neighbourhood?: string | null;
  readonly city?: string | null;
  readonly district?: string | null;
  readonly state?: string | null;
  readonly country?: string | null;
  readonly pincode?: string | null;
};

/**
 * An address on one line in the order an Indian one is read, the smallest place first: house,
 * street, locality (neighbourhood), town, district, state, country, PIN code.
 */
export const addressLine = (parts: AddressParts): string =>
  formatAddress([
    parts.houseno,
    parts.street,
    parts.neighbourhood,
    parts.city,
    parts.district,
    parts.state,
    parts.country,
    parts.pincode,
  ]);

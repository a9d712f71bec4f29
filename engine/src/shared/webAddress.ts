/** Whether `value` is an http(s) web address (a profile's link, an ad creative's landing page). */
export const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/** A scheme at the start of an address (`https:`, `mailto:`, `javascript:`). */
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
/** A host with a dot in it (`instagram.com`), then perhaps a path. */
const BARE_HOST = /^[^\s/.:]+(\.[^\s/.:]+)+(\/\S*)?$/;

/**
 * `value` with `https://` put before it when it is a web address typed without its scheme
 * (`instagram.com/asha`), as people copy them from a browser's address bar; anything else as it
 * was, for the rules to judge.
 */
export const withWebScheme = (value: string): string => {
  const text = value.trim();
  if (SCHEME.test(text) || !BARE_HOST.test(text)) return value;
  const address = `https://${text}`;
  return isHttpUrl(address) ? address : value;
};

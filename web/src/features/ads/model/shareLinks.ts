/** The share dialog's apps (section 2): each opens with the ad's link and name filled in. */
export type ShareLink = { app: string; href: string };

export function shareLinks(url: string, title: string): ShareLink[] {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  const both = encodeURIComponent(`${title} ${url}`);
  return [
    { app: 'WhatsApp', href: `https://wa.me/?text=${both}` },
    { app: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { app: 'Twitter', href: `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
    { app: 'Telegram', href: `https://t.me/share/url?url=${u}&text=${t}` },
    { app: 'Email', href: `mailto:?subject=${t}&body=${both}` },
  ];
}

import sharp from 'sharp';
import type { DemoPicture } from './catalogue.ts';

/*
 * The demo ads' photos: a coloured gradient with the item's name, drawn as SVG and encoded as
 * JPEG by sharp, at the sizes uploads are stored in (a picture and its 400×300 thumbnail, as api/src/media/adMedia.ts makes). Without fonts
 * librsvg draws no text; the gradient and shapes still tell the ads apart.
 */

const WIDTH = 640;
const HEIGHT = 480;
export const THUMBNAIL_WIDTH = 400;
export const THUMBNAIL_HEIGHT = 300;

const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The title in at most two lines of about 24 characters. */
function titleLines(title: string): string[] {
  if (title.length <= 24) return [title];
  const words = title.split(' ');
  let first = '';
  while (words.length > 0 && (first + ' ' + words[0]).trim().length <= 24) {
    first = `${first} ${words.shift()}`.trim();
  }
  const rest = words.join(' ');
  return [first || title.slice(0, 24), rest.length > 26 ? `${rest.slice(0, 25)}…` : rest].filter(
    (line) => line !== '',
  );
}

/**
 * The picture's words are kept to its middle two thirds: the ad list's cards crop a 4:3 picture
 * to their wider box (a sixth off its top and bottom on a phone), and a caption along its bottom
 * edge was cut in half.
 */
export function pictureSvg(picture: DemoPicture, width: number, height: number): Buffer {
  const { hue, position, of } = picture;
  const lines = titleLines(picture.title);
  const angle = position === 1 ? '1" y2="1' : position === 2 ? '1" y2="0' : '0" y2="1';
  const top = 200 - (lines.length - 1) * 26;
  const subtitleY = top + lines.length * 52 + 4;
  const ruleY = subtitleY + 26;
  const text = lines
    .map(
      (line, i) =>
        `<text x="320" y="${top + i * 52}" font-size="42" font-weight="bold">${escapeXml(line)}</text>`,
    )
    .join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<defs><linearGradient id="g" x1="0" y1="0" x2="${angle}">
<stop offset="0" stop-color="hsl(${hue},70%,45%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},65%,30%)"/>
</linearGradient></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>
<circle cx="${520 - position * 60}" cy="${90 + position * 20}" r="${70 + position * 15}" fill="#fff" fill-opacity="0.13"/>
<rect x="80" y="${ruleY}" width="${WIDTH - 160}" height="3" fill="#fff" fill-opacity="0.35"/>
<g font-family="DejaVu Sans, Liberation Sans, sans-serif" fill="#fff" text-anchor="middle">${text}
<text x="320" y="${subtitleY}" font-size="24">${escapeXml(picture.subtitle)}</text>
<text x="320" y="${ruleY + 34}" font-size="22" fill-opacity="0.9">${escapeXml(picture.caption)}${of > 1 ? ` · ${position}/${of}` : ''}</text>
</g></svg>`,
  );
}

export async function renderPicture(
  picture: DemoPicture,
): Promise<{ picture: Buffer; thumbnail: Buffer }> {
  const [full, thumbnail] = await Promise.all([
    sharp(pictureSvg(picture, WIDTH, HEIGHT))
      .jpeg({ quality: 80 })
      .toBuffer(),
    sharp(pictureSvg(picture, THUMBNAIL_WIDTH, THUMBNAIL_HEIGHT))
      .jpeg({ quality: 75 })
      .toBuffer(),
  ]);
  return { picture: full, thumbnail };
}

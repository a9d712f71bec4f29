import { execFileSync } from 'node:child_process';

/**
 * Writes a test video to `path` with ffmpeg (which `npm test` installs): its test pattern, for
 * `seconds`, at `size` and `rate`; the file's extension picks the container, `codec` (and
 * `extra` arguments, '-movflags +faststart' say) the rest.
 */
export function makeTestVideo(
  path: string,
  {
    seconds = 1,
    size = '64x64',
    rate = 10,
    codec,
    extra = [],
  }: {
    seconds?: number;
    size?: string;
    rate?: number;
    codec?: string;
    extra?: readonly string[];
  } = {},
): string {
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=duration=${seconds}:size=${size}:rate=${rate}`,
    ...(codec ? ['-c:v', codec] : []),
    '-pix_fmt',
    'yuv420p',
    ...extra,
    path,
  ]);
  return path;
}

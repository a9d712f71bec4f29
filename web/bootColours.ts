import type { Plugin } from 'vite';
import { BOLI_PURPLE, PAGE_TINT, PLACEHOLDER_TINT } from './src/app/colours.ts';

/**
 * index.html's first paint (the top bar and the cards' places, shown while the app's script
 * arrives) in the theme's own colours: the browser's theme-color and the CSS variables its boot
 * styles use, written in from `src/app/colours.ts` rather than repeated there.
 */
export function bootColours(): Plugin {
  return {
    name: 'boli-boot-colours',
    transformIndexHtml: () => [
      { tag: 'meta', attrs: { name: 'theme-color', content: BOLI_PURPLE }, injectTo: 'head' },
      {
        tag: 'style',
        children: `:root{--boli-purple:${BOLI_PURPLE};--boli-page:${PAGE_TINT};--boli-placeholder:${PLACEHOLDER_TINT}}`,
        injectTo: 'head',
      },
    ],
  };
}

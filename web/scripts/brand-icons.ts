/**
 * `npx tsx web/scripts/brand-icons.ts`: writes each brand's app icons to web/public/brand/<id>/ (the web app
 * manifest, server/src/infrastructure/http/spa-pages.ts): icon.svg, icon-192.png, icon-512.png and maskable-512.png
 * (the mark inside the 80 % safe zone on the brand colour). The marks are BrandMark's
 * (src/shared/brand/BrandMark.tsx); the PNGs are rendered by headless Chromium and committed, so the
 * build needs no rasteriser. Run it again when a mark changes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../../browser-kit/chromium.ts';

const PRIMARY = '#1f5fbf';
const MARKS = {
  lumora:
    '<g fill="none" stroke="#fff" stroke-width="2.5"><circle cx="16" cy="16" r="8.5"/><circle cx="16" cy="16" r="3" fill="#fff" stroke="none"/></g>',
  kestrel: '<path d="M6 20 L16 9 L26 20 L21 20 L16 14.5 L11 20 Z" fill="#fff"/>',
} as const;

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/brand');

/** The mark on a rounded square; maskable: a full square, the mark scaled into the central 80 %. */
function svg(mark: string, maskable: boolean): string {
  const body = maskable
    ? `<rect width="32" height="32" fill="${PRIMARY}"/><g transform="translate(6.4 6.4) scale(0.6)">${mark}</g>`
    : `<rect width="32" height="32" rx="8" fill="${PRIMARY}"/>${mark}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${body}</svg>`;
}

const browser = await launchChromium();
try {
  const page = await browser.newPage();
  for (const [brand, mark] of Object.entries(MARKS)) {
    const dir = path.join(publicDir, brand);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'icon.svg'), svg(mark, false));
    const renders = [
      ['icon-192.png', 192, false],
      ['icon-512.png', 512, false],
      ['maskable-512.png', 512, true],
    ] as const;
    for (const [file, size, maskable] of renders) {
      await page.setViewportSize({ width: size, height: size });
      await page.setContent(
        `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg(mark, maskable)}`,
      );
      await page.screenshot({ path: path.join(dir, file), omitBackground: true });
    }
  }
} finally {
  await browser.close();
}
console.info(`brand icons written to ${publicDir}`);

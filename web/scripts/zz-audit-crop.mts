import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
const [file, out, y = '0', h = '1000', w = '390'] = process.argv.slice(2);
writeFileSync('/tmp/audit-crop.html', `<body style="margin:0"><img src="file://${file}" style="display:block"></body>`);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await browser.newPage({ viewport: { width: Number(w), height: 800 } });
await page.goto('file:///tmp/audit-crop.html');
await page.screenshot({ path: out!, clip: { x: 0, y: Number(y), width: Number(w), height: Number(h) }, fullPage: true });
await browser.close();

import { chromium } from 'playwright-core';
const base = 'http://localhost:4490';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const shots = [
  ['composer', '/passer-commande?volet=formule'],
  ['cart', '/?volet=panier'],
  ['account', '/contact?volet=compte'],
  ['menu', '/?volet=menu'],
];
for (const [w, h, tag] of [[375, 812, 'phone'], [1280, 800, 'desktop']]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h }, deviceScaleFactor: 1, serviceWorkers: 'block' });
  const page = await ctx.newPage();
  page.on('console', (m) => { if (m.type() === 'error') console.log(tag, 'console:', m.text()); });
  for (const [name, path] of shots) {
    await page.goto(base + path);
    await page.waitForSelector('html[data-hydrated]');
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/shot-${tag}-${name}.png` });
  }
  // A snackbar above an open dialog: the cart, then an error from an add while offline? use a promo code error.
  await ctx.close();
}
// JS off view of the composer
const ctx = await browser.newContext({ viewport: { width: 375, height: 812 }, javaScriptEnabled: false });
const page = await ctx.newPage();
await page.goto(base + '/passer-commande?volet=formule');
await page.screenshot({ path: '/tmp/shot-phone-nojs-composer.png' });
await browser.close();

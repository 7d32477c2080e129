// Drives headless Chromium over tavla's HTML report; run by tests/browser.rs.
//
//   node report.mjs check REPORT.html OUTDIR JSON...   every viewer against `convert --to json`
//   node report.mjs hostile REPORT.html                nothing of the record runs
//   node report.mjs open REPORT.html                   opens without console errors (large reports)
//   node report.mjs flip REPORT.html                   the viewer flips to Black's side and back
//
// Exit status 0 when every check passes; each failure is printed.
import { chromium } from 'playwright-core';
import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [mode, report, ...rest] = process.argv.slice(2);
const failures = [];
const fail = (m) => { failures.push(m); console.error('FAIL: ' + m); };

const browser = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'tavla-chromium-')), {
  executablePath: process.env.TAVLA_CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  viewport: { width: 1100, height: 1400 },
});
const page = browser.pages()[0] || await browser.newPage();
const problems = [];
page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`); });
page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
page.on('dialog', async (d) => { problems.push(`a dialog opened: ${d.message()}`); await d.dismiss(); });
page.on('request', (r) => { if (!r.url().startsWith('file:') && !r.url().startsWith('data:')) problems.push(`network request: ${r.url()}`); });

await page.goto(pathToFileURL(report).href, { waitUntil: 'load', timeout: 120000 });

// The checkers a viewer shows now: side/place -> count.
const shown = (v) => v.evaluate((el) => {
  const out = {};
  el.querySelectorAll('.checkers .stack').forEach((g) => {
    const k = g.getAttribute('data-side') + '/' + g.getAttribute('data-place');
    out[k] = (out[k] || 0) + parseInt(g.getAttribute('data-n'), 10);
  });
  return { stacks: out, action: parseInt(el.getAttribute('data-action'), 10), frame: parseInt(el.getAttribute('data-frame'), 10) };
});

// The checkers a JSON position says there are, in White's numbering.
function expected(pos) {
  const out = {};
  for (const p of pos.board) {
    if (p.white) out['white/' + p.point] = p.white;
    if (p.black) out['black/' + p.point] = p.black;
  }
  for (const [side, bar, off] of [['white', pos.white_bar, pos.white_off], ['black', pos.black_bar, pos.black_off]]) {
    if (bar) out[side + '/bar'] = bar;
    if (off) out[side + '/off'] = off;
  }
  return out;
}
const same = (a, b) => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

if (mode === 'check') {
  const [outdir, ...jsons] = rest;
  const docs = jsons.map((f) => JSON.parse(readFileSync(f, 'utf8')));
  const viewers = page.locator('.viewer');
  const n = await viewers.count();
  if (n !== docs.length) fail(`${n} viewers for ${docs.length} records`);
  let compared = 0;
  for (let i = 0; i < Math.min(n, docs.length); i++) {
    const v = viewers.nth(i);
    const det = page.locator('details.games').nth(i);
    if (!(await det.evaluate((d) => d.open))) await det.locator('summary').click();
    const games = docs[i].games;
    for (let g = 0; g < games.length; g++) {
      await v.locator('select').selectOption(String(g));
      await v.focus();
      let last = null;
      let seen = -1;
      for (let step = 0; step < 2000; step++) {
        const s = await shown(v);
        if (s.frame === seen) break; // the last frame: ArrowRight no longer moves
        seen = s.frame;
        if (s.action >= 0) {
          const a = games[g].actions[s.action];
          if (a.type === 'turn' && a.position) last = a.position;
          if (last) {
            compared++;
            if (!same(s.stacks, expected(last))) fail(`record ${i} game ${g} action ${s.action} (line ${a.line}): shown ${JSON.stringify(s.stacks)}, JSON ${JSON.stringify(expected(last))}`);
          }
        } else {
          const total = (side) => Object.entries(s.stacks).filter(([k]) => k.startsWith(side)).reduce((t, [, c]) => t + c, 0);
          if (total('white') !== 15 || total('black') !== 15) fail(`record ${i} game ${g}: the start shows ${JSON.stringify(s.stacks)}`);
        }
        await page.keyboard.press('ArrowRight');
      }
      // The buttons step too.
      await v.locator('button.first').click();
      if ((await shown(v)).frame !== 0) fail('the first button');
      await v.locator('button.next').click();
      if ((await shown(v)).frame !== 1) fail('the next button');
      await v.locator('button.last').click();
      if ((await shown(v)).frame !== seen) fail('the last button');
      await v.locator('button.prev').click();
      if ((await shown(v)).frame !== seen - 1) fail('the previous button');
    }
  }
  if (compared === 0) fail('no position compared');
  console.log(`compared ${compared} boards`);
  const board = page.locator('.finding svg').first();
  if (await board.count()) await board.screenshot({ path: join(outdir, 'finding-board.png') });
  else console.log('no finding board in this report');
  await page.locator('details.games').first().evaluate((d) => { d.open = true; });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(outdir, 'report.png'), fullPage: false });
} else if (mode === 'hostile') {
  const injected = await page.evaluate(() => ({
    scripts: [...document.querySelectorAll('script')].filter((s) => !s.nonce && s.type !== 'application/json').length,
    handlers: [...document.querySelectorAll('*')].filter((e) => [...e.attributes].some((a) => a.name.startsWith('on'))).length,
    images: document.querySelectorAll('img').length,
    pwned: window.__tavla_pwned === true,
  }));
  if (injected.scripts || injected.handlers || injected.images || injected.pwned) fail(`markup from the record: ${JSON.stringify(injected)}`);
  const text = await page.locator('body').innerText();
  if (!text.includes('<script>')) fail('the record\'s <script> text is not shown as text');
  const v = page.locator('.viewer').first();
  const label = await v.locator('select option').first().textContent();
  if (!label.includes('<script>')) fail(`the player name is not shown as text: ${label}`);
} else if (mode === 'open') {
  const n = await page.locator('.viewer').count();
  if (n === 0) fail('no viewer');
  const v = page.locator('.viewer').last();
  await page.locator('details.games').last().locator('summary').click();
  await v.focus();
  for (let k = 0; k < 20; k++) await page.keyboard.press('ArrowRight');
  const s = await shown(v);
  if (s.frame < 1) fail('the viewer of the last record did not step');
  console.log(`${n} viewers`);
} else if (mode === 'flip') {
  const v = page.locator('.viewer').first();
  const det = page.locator('details.games').first();
  if (!(await det.evaluate((d) => d.open))) await det.locator('summary').click();
  await v.focus();
  for (let k = 0; k < 7; k++) await page.keyboard.press('ArrowRight');
  // Each stack on a point: its side, its point in White's numbering (data-place), the point
  // of the board's own numbering whose slot it is drawn in, and that point in the other
  // numbering.
  const where = () => v.evaluate((el) => {
    const G = JSON.parse(document.getElementById('tavla-geometry').textContent);
    const opp = el._data.games[el._g].opp || el._data.opp;
    const ys = G.point.slice(1).map((s) => s[1]);
    const mid = (Math.min(...ys) + Math.max(...ys)) / 2;
    const stacks = [];
    el.querySelectorAll('.checkers .stack').forEach((g) => {
      const place = g.getAttribute('data-place');
      if (place === 'bar' || place === 'off') return;
      const c = g.querySelector('circle');
      const cx = parseFloat(c.getAttribute('cx')), cy = parseFloat(c.getAttribute('cy'));
      let slot = -1;
      for (let k = 1; k <= 24; k++) {
        const s = G.point[k];
        if (Math.abs(s[0] - cx) < 0.01 && (s[1] < mid) === (cy < mid)) slot = k;
      }
      const p = parseInt(place, 10);
      stacks.push({ side: g.getAttribute('data-side'), place: p, slot, other: opp[p], n: g.getAttribute('data-n') });
    });
    return { view: el.getAttribute('data-view'), legend: el.querySelector('.view').textContent, stacks };
  });
  const key = (st) => JSON.stringify(st.stacks.map((x) => [x.side, x.place, x.n]).sort());
  const white = await where();
  if (white.view !== 'white') fail(`the viewer starts in view ${white.view}`);
  if (white.stacks.length === 0) fail('no stack on the board');
  for (const x of white.stacks) if (x.slot !== x.place) fail(`White's view: ${JSON.stringify(x)} is not drawn at its point`);
  await page.keyboard.press('f');
  const black = await where();
  if (black.view !== 'black') fail(`the F key does not flip the board (view ${black.view})`);
  if (!black.legend.startsWith("Black's numbering")) fail(`the legend says ${black.legend}`);
  if (key(black) !== key(white)) fail(`flipping changes the checkers: ${key(white)} / ${key(black)}`);
  for (const x of black.stacks) if (x.slot !== x.other) fail(`Black's view: ${JSON.stringify(x)} is not drawn at Black's point`);
  // Stepping keeps the view; the button flips back.
  await page.keyboard.press('ArrowRight');
  if ((await where()).view !== 'black') fail('stepping leaves Black\'s view');
  await v.locator('button.flip').click();
  const back = await where();
  if (back.view !== 'white') fail('the button does not flip the board back');
  for (const x of back.stacks) if (x.slot !== x.place) fail(`White's view again: ${JSON.stringify(x)} is not drawn at its point`);
  console.log(`flipped ${white.stacks.length} stacks`);
} else {
  fail(`unknown mode ${mode}`);
}
for (const p of problems) fail(p);
await browser.close();
process.exit(failures.length ? 1 : 0);

/** Labels in every script: titles outside Latin-1 are drawn (embedded Noto Sans subset), and what no bundled font covers is named. */
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInv } from '../helpers/io.js';
import { spawnInv } from '../helpers/spawn.js';
import { inventoryFixture, type InventoryFixture } from '../helpers/inventory.js';
import { decodeCells, renderPages } from '../helpers/labels.js';
import { LAYOUTS } from '../../src/labels/layouts.js';

const TITLE = 'Кружка синяя Ελληνικά Łódź';
const FNSKU = 'X00UNICODE';
let fx: InventoryFixture;
beforeAll(async () => {
  fx = await inventoryFixture();
});
afterAll(() => fx.close());

const inv = (args: string[]) => runInv(args, { env: fx.authed });
const text = (file: string) => execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ').trim();

describe('label titles in Cyrillic, Greek and Polish', () => {
  it('are in the PDF text layer as written, and the label scans', async () => {
    expect((await inv(['items', 'update', 'MUG-BLUE-11OZ', '--title', TITLE])).code).toBe(0);
    const file = join(fx.dir, 'unicode.pdf');
    // The built CLI: the font travels with dist/.
    const r = await spawnInv(
      ['labels', 'MUG-BLUE-11OZ', FNSKU, '--count', '1', '--layout', 'thermal-2.25x1.25', '--out', file],
      { env: fx.authed },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/warning/);
    expect(text(file)).toContain(TITLE);
    expect(decodeCells(renderPages(file, 1, 1), LAYOUTS['thermal-2.25x1.25'])).toEqual([[[`CODE-128:${FNSKU}`]]]);
    // A subset: the whole font (about 600 kB) is not embedded.
    expect(statSync(file).size).toBeLessThan(60_000);
  });

  it('a sheet of 30 stays small and every title is there', async () => {
    const file = join(fx.dir, 'sheet.pdf');
    const r = await inv(['labels', 'MUG-BLUE-11OZ', FNSKU, '--count', '30', '--out', file]);
    expect(r.code, r.stderr).toBe(0);
    expect(text(file).split('Кружка').length - 1).toBe(30);
  });

  it("a title's text layer is its own, whatever an earlier label of the same process held", async () => {
    // The fonts are parsed once a process; a ligature glyph must not keep the characters it stood for earlier.
    const label = async (title: string, name: string) => {
      expect((await inv(['items', 'update', 'MUG-BLUE-11OZ', '--title', title])).code).toBe(0);
      const file = join(fx.dir, name);
      const r = await inv(['labels', 'MUG-BLUE-11OZ', FNSKU, '--count', '1', '--layout', 'thermal-2x1', '--out', file]);
      expect(r.code, r.stderr).toBe(0);
      return text(file);
    };
    expect(await label('Ligatures \uFB03 \uFB01 as typed', 'ligatures.pdf')).toContain('\uFB03 \uFB01');
    expect(await label('office fine', 'office.pdf')).toContain('office fine');
  });

  it('characters no bundled font covers (CJK, emoji) are named in a warning', async () => {
    expect((await inv(['items', 'update', 'MUG-BLUE-11OZ', '--title', 'Mug 杯子 😀 blue'])).code).toBe(0);
    const file = join(fx.dir, 'cjk.pdf');
    const r = await inv(['labels', 'MUG-BLUE-11OZ', FNSKU, '--count', '1', '--layout', 'thermal-2x1', '--out', file]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/warning: .*no bundled font .*杯, 子, 😀/);
    expect(text(file)).toContain('Mug');
  });

  it('ZPL carries the title as UTF-8 (^CI28), not as question marks', async () => {
    expect((await inv(['items', 'update', 'MUG-BLUE-11OZ', '--title', TITLE])).code).toBe(0);
    const r = await inv(['labels', 'MUG-BLUE-11OZ', FNSKU, '--count', '1', '-o', 'zpl']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('^CI28');
    expect(r.stdout).toContain('Кружка');
    expect(r.stdout).not.toMatch(/\?\?\?/);
    expect(r.stderr).toMatch(/warning: К, р, .* print only on a printer with a Unicode font mapped to ZPL font 0/);
    expect(readFileSync(new URL('../../docs/decisions.md', import.meta.url), 'utf8')).toMatch(
      /Chosen: `\^CI28`[\s\S]{0,400}Printer requirement/,
    );
  });
});

/** Server text is data: it cannot drive the terminal, a spreadsheet, or the browser's command line. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxFixture, type SandboxFixture } from '../helpers/sandbox.js';
import { runInv } from '../helpers/io.js';
import { spawnInv } from '../helpers/spawn.js';
import { startRecorder } from '../helpers/recorder.js';
import { runInTerminal } from '../helpers/terminal.js';
import { waitFor } from '../helpers/wait.js';

let fx: SandboxFixture;
let env: Record<string, string>;
const TITLE = 'Mug \u001b[2J\u001b[H\u001b]52;c;ZXZpbA==\u0007blue\u009b31m';
beforeAll(async () => {
  fx = await sandboxFixture();
  const token = fx.sandbox.oauth.issueTokens('inv-cli', '1001', '', true).access_token;
  env = { ...fx.env, INV_TOKEN: token };
  const res = await fetch(`${fx.sandbox.baseUrl}/v1/items`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      msku: 'EVIL-1',
      title: TITLE,
      cond: 'new',
      inactive: 'n',
      notes: '=HYPERLINK("http://evil.example","x")',
      manufacturer: '@SUM(1+1)',
      type: '-2+3',
    }),
  });
  expect(res.status).toBe(200);
});
afterAll(() => fx.close());

const get = (...args: string[]) =>
  runInv(['items', 'get', 'EVIL-1', '--fields', 'msku,title,notes,manufacturer,type', ...args], { env });

describe('terminal output', () => {
  it('-o table strips escape sequences and control characters from server text', async () => {
    const r = await get('-o', 'table');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(r.stdout).toContain('Mug');
    expect(r.stdout).toContain('blue');
  });

  it('-o csv and -o tsv on a terminal show control characters and escape sequences visibly, never raw', async () => {
    for (const format of ['csv', 'tsv']) {
      const { code, screen } = await runInTerminal(
        ['items', 'get', 'EVIL-1', '--fields', 'msku,title,notes', '-o', format],
        env,
        [],
      );
      expect(code, screen).toBe(0);
      // The pty turns \n into \r\n; anything else below 0x20, DEL and C1 would reach the terminal as a control.
      expect(JSON.stringify(screen), format).not.toMatch(/\\u00(0[0-8bcef]|1[0-9a-f]|7f|[89][0-9a-f])/);
      expect(screen).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/);
      expect(screen).toMatch(/Mug .*blue/);
      expect(screen).toContain("'=HYPERLINK");
    }
  });

  it('-o csv in a pipe keeps the server text as it is (formulas neutralised)', async () => {
    const r = await get('-o', 'csv');
    expect(r.stdout).toContain(TITLE);
  });

  it('json stays byte-exact', async () => {
    const r = await get('--json');
    expect(JSON.parse(r.stdout).title).toBe(TITLE);
  });
});

describe('error messages', () => {
  it('a server message on stderr cannot drive the terminal either', async () => {
    const r = await runInv(['items', 'get', 'NOPE\u001b]52;c;ZXZpbA==\u0007'], { env });
    expect(r.code).not.toBe(0);
    expect(r.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
  });
});

describe('spreadsheets', () => {
  it('csv and tsv neutralise cells starting with = + - @ unless --raw-csv', async () => {
    for (const format of ['csv', 'tsv']) {
      const r = await get('-o', format);
      expect(r.code, r.stderr).toBe(0);
      const cells = r.stdout
        .trim()
        .split('\n')[1]!
        .split(format === 'csv' ? /,(?=(?:[^"]*"[^"]*")*[^"]*$)/ : '\t')
        .map((c) => c.replace(/^"|"$/g, ''));
      for (const cell of cells) expect(cell, `${format}: ${cell}`).not.toMatch(/^[=+\-@\t\r]/);
      expect(r.stdout).toContain("'=HYPERLINK");
      expect(r.stdout).toContain("'@SUM(1+1)");
      expect(r.stdout).toContain("'-2+3");
    }
    const raw = await get('-o', 'csv', '--raw-csv');
    expect(raw.stdout).toMatch(/(^|,)"?=HYPERLINK/m);
  });
});

describe('opening label URLs', () => {
  it('--open-labels opens only http(s) URLs on the inventory origin, never an argument starting with -', async () => {
    const log = join(fx.dir, 'browser-argv.log');
    const fake = await startRecorder((path) => ({
      status: 200,
      body: path.startsWith('/v1/doSendToFBA')
        ? {
            status: 'success',
            code: 200,
            httpCode: '200',
            user: '1001',
            data: Object.fromEntries(
              LABELS(fakeUrl).map((label, i) => [
                `FBA${i}`,
                {
                  shipmentId: `FBA${i}`,
                  fc: 'PHX6',
                  quantity: 1,
                  newShipment: true,
                  fnsku: 'X000',
                  fnskuLabel: label,
                  itemLocation: { id: '1', quantity: '1' },
                },
              ]),
            ),
          }
        : { status: 'success', code: 200, httpCode: '200', user: '1001', data: {} },
    }));
    const fakeUrl = fake.url;
    try {
      const browser =
        `${process.execPath} -e ` +
        "require('fs').appendFileSync(process.env.ARGV_LOG,JSON.stringify(process.argv.slice(1))+'\\n')";
      const r = await spawnInv(
        [
          'send-to-fba',
          'MUG-BLUE-11OZ',
          '1',
          '--from-purchase',
          '5001',
          '--open-labels',
          '--json',
          '--base-url',
          fakeUrl,
        ],
        {
          env: { ...env, BROWSER: browser, ARGV_LOG: log },
        },
      );
      expect(r.code, r.stderr).toBe(0);
      // The browser runs detached: wait for what it logged; that inv launched none for the four bad labels is in its stderr.
      // The file may exist before its line is written: wait for the whole line.
      await waitFor(() => existsSync(log) && readFileSync(log, 'utf8').endsWith('\n'), {
        what: `a line in the browser's log ${log}`,
      });
      const opened = readFileSync(log, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as string[]);
      expect(opened).toEqual([[`${fakeUrl}/fnskuLabel?msku=MUG-BLUE-11OZ&fnsku=X000`]]);
      expect(r.stderr.match(/not opening/g), r.stderr).toHaveLength(4);
    } finally {
      await fake.close();
    }
  });
});

function LABELS(origin: string): string[] {
  return [
    '--utility-cmd-prefix=touch /tmp/pwned',
    'file:///etc/shadow',
    'javascript:alert(1)',
    'http://evil.example/label.png',
    `${origin}/fnskuLabel?msku=MUG-BLUE-11OZ&fnsku=X000`,
  ];
}

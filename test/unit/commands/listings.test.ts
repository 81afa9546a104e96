import { describe, expect, it } from 'vitest';
import * as feedbackList from '../../../src/commands/feedback/list.js';
import * as itemsList from '../../../src/commands/items/list.js';
import * as locationsList from '../../../src/commands/locations/list.js';
import * as stockList from '../../../src/commands/stock/list.js';
import { parseArgv, parseError } from '../../helpers/parse-argv.js';

describe.each([
  ['items list', itemsList],
  ['locations list', locationsList],
  ['feedback list', feedbackList],
])('%s paging', (_name, module) => {
  it('is one page of 50 by default, marked as the default page', () => {
    expect(parseArgv(module, [])).toMatchObject({ offset: 0, pageSize: 50, max: 50, defaultPage: true });
  });

  it('is every page with --all, 250 records a request', () => {
    expect(parseArgv(module, ['--all'])).toMatchObject({ pageSize: 250, max: undefined, defaultPage: false });
  });

  it('takes --limit, --offset and --page-size, the page no larger than the limit', () => {
    expect(parseArgv(module, ['--limit', '20', '--offset', '100', '--page-size', '500'])).toMatchObject({
      offset: 100,
      pageSize: 20,
      max: 20,
      defaultPage: false,
    });
  });

  it.each([
    [['--limit', '0'], /--limit/],
    [['--limit', 'ten'], /--limit/],
    [['--offset', '-1'], /--offset/],
    [['--page-size', '1001'], /--page-size/],
  ])('refuses %j, naming the flag', (argv, message) => {
    expect(parseError(module, argv)).toMatch(message);
  });
});

describe('stock list options', () => {
  it('reads --msku, --location and --by msku', () => {
    expect(parseArgv(stockList, ['--msku', 'MUG-BLUE-11OZ', '--location', 'Shelf A1', '--by', 'msku'])).toMatchObject({
      msku: 'MUG-BLUE-11OZ',
      location: 'Shelf A1',
      byMsku: true,
    });
  });

  it('refuses a --by other than msku, naming the one value', () => {
    expect(parseError(stockList, ['--by', 'location'])).toMatch(/^--by "location" must be msku$/);
  });
});

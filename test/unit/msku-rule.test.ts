/** One msku rule: the item schema (sent and served), a batch row and a command's argument give the same answer. */
import { describe, expect, it } from 'vitest';
import { itemPatchSchema } from '../../src/api/rules.js';
import { parseMoveRow } from '../../src/batch/moves/move-rows.js';
import { mskuArg } from '../../src/cli/request-body.js';

/** What each place says of `msku`: its problem, or undefined when it takes it. */
function answers(msku: string) {
  const schema = itemPatchSchema.safeParse({ msku });
  const row = parseMoveRow(2, { msku, quantity: '1', from: '1', to: '2' });
  let arg: string | undefined;
  try {
    mskuArg(msku);
  } catch (error) {
    arg = (error as Error).message;
  }
  return {
    schema: schema.success ? undefined : schema.error.issues[0]!.message,
    row: 'problem' in row ? row.problem.replace(/^msku: /, '') : undefined,
    arg: arg?.replace(/^msku( "[^"]*…")?: /, ''),
  };
}

describe('the msku rule', () => {
  it.each(['.', '..', 'MUG\u0001', 'MUG\u007f', ' ', 'x'.repeat(81)])(
    'refuses %j everywhere, for one reason',
    (msku) => {
      const said = answers(msku);
      expect(said.schema, JSON.stringify(said)).toBeDefined();
      expect(new Set([said.schema, said.row, said.arg]).size, JSON.stringify(said)).toBe(1);
    },
  );

  it.each(['MUG-BLUE-11OZ', 'a', 'x'.repeat(80), 'café crème', '.hidden', 'a..b'])('takes %j everywhere', (msku) => {
    expect(answers(msku)).toEqual({ schema: undefined, row: undefined, arg: undefined });
  });
});

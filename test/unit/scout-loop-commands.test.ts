/** The scan loop's commands: which lines are commands, their values, and that no code is ever one. */
import { describe, expect, it } from 'vitest';
import { gs1CheckDigit } from '../../src/api/product-codes.js';
import { parseLoopCommand } from '../../src/scout/loop-commands.js';

describe('parseLoopCommand', () => {
  it.each([
    ['?', { name: 'help' }],
    ['help', { name: 'help' }],
    ['HELP', { name: 'help' }],
    ['clear', { name: 'clear' }],
    ['undo', { name: 'undo' }],
    ['total', { name: 'total' }],
    ['cost 4.50', { name: 'cost', cost: 4.5 }],
    ['cost,$4', { name: 'cost', cost: 4 }],
    ['at lowest-fba', { name: 'at', at: 'lowest-fba' }],
    ['at 1,999', { name: 'at', at: { fixed: 1999 } }],
    ['roi 30', { name: 'roi', minRoi: 30 }],
    ['roi 12.5%', { name: 'roi', minRoi: 12.5 }],
  ])('reads %j as a command', (line, command) => {
    expect(parseLoopCommand(line)).toEqual(command);
  });

  it.each([
    'B00X4WHP5E',
    'B00X4WHP5E 4.50',
    'b00x4whp5e,4.50',
    '0316769487',
    '030640615X',
    `01234567890${gs1CheckDigit('01234567890')}`,
    '9780316769488',
    'BOOKSBOOKS',
    '01234567890',
    '',
    '# a comment',
  ])('leaves %j to the scan (a code, a bad code, a blank or a comment)', (line) => {
    expect(parseLoopCommand(line)).toBeUndefined();
  });

  it.each([
    ['cost', 'cost takes one value', 'e.g. cost 4.50'],
    ['cost 4,50', 'cost "4,50" must be a number of dollars with at most 4 decimals, with a decimal point: write 4.50'],
    ['at cheapest', 'at "cheapest": buybox, lowest-fba, lowest, or a price', 'e.g. at lowest-fba, or at 19.99'],
    ['at 19,99', 'at "19,99": buybox, lowest-fba, lowest, or a price', 'write 19.99'],
    ['roi high', 'roi "high" must be a percent from -100 to 1000000 (e.g. roi 30)'],
    ['undo 2', 'undo takes no value', 'type undo alone'],
    ['totl', 'unknown command "totl": did you mean total?', '? lists the commands'],
    ['quit', 'unknown command "quit"', '? lists the commands'],
  ])('refuses %j, naming the rule', (line, error, hint?: string) => {
    expect(parseLoopCommand(line)).toMatchObject(hint ? { error, hint } : { error });
  });
});

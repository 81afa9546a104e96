/** What a server let through from a 429 on: the bound a learnt rate stays below (docs/decisions.md, 19). */
import { describe, expect, it } from 'vitest';
import { LetThrough } from '../../src/http/let-through.js';

describe('LetThrough', () => {
  it('counts only the successes of requests sent from the 429 on', () => {
    const l = new LetThrough();
    l.restart(1000, 0, true);
    l.success(999);
    l.success(1500);
    expect(l.rate(2000, 0)).toBe(1);
  });

  it('keeps the highest rate of the periods before', () => {
    const l = new LetThrough();
    l.restart(0, 0, true);
    for (let i = 0; i < 10; i++) l.success(100 + i);
    l.restart(1000, 0, true);
    l.success(1500);
    expect(l.rate(2000, 0)).toBe(10);
  });

  it('leaves the pauses out, less what the first burst let through', () => {
    const l = new LetThrough();
    l.firstRefusal(2);
    l.restart(0, 0, true);
    for (let i = 0; i < 12; i++) l.success(10 * i);
    expect(l.rate(2000, 1000)).toBe(10);
  });

  it('does not measure over less sending time than the pacer measures over', () => {
    const l = new LetThrough();
    l.firstRefusal(0);
    l.restart(0, 0, true);
    for (let i = 0; i < 3; i++) l.success(i);
    expect(l.rate(1000, 900)).toBe(3);
  });
});

/** Buy, skip or unknown, by the profile's rules (with per-category overrides). Pure functions. */

export interface Rules {
  /** Least ROI, percent. */
  minRoi?: number;
  /** Least profit per unit, dollars. */
  minProfit?: number;
  /** Worst (highest) sales rank. */
  maxRank?: number;
}

export interface RuleSet extends Rules {
  /** Rules for a category (by the name offers give in extras.category, or the search's product group), over the general ones. */
  overrides?: Record<string, Rules>;
}

export type VerdictKind = 'buy' | 'skip' | 'unknown';

export interface Verdict {
  verdict: VerdictKind;
  /** Why: the rules that failed (skip), or what was missing (unknown). */
  reasons: string[];
}

export interface Judged {
  profit: number;
  roi: number | null;
  rank: number | null;
  category: string | null;
  group?: string | null;
}

/** The rules in force for a category: its override's rules over the general ones. */
export function rulesFor(rules: RuleSet, category: string | null, group?: string | null): Rules {
  const override = (category && rules.overrides?.[category]) || (group && rules.overrides?.[group]) || {};
  return { minRoi: rules.minRoi, minProfit: rules.minProfit, maxRank: rules.maxRank, ...override };
}

/** The verdict on one priced scan: skip naming each failed rule, else buy. */
export function judge(item: Judged, ruleSet: RuleSet): Verdict {
  const rules = rulesFor(ruleSet, item.category, item.group);
  const reasons: string[] = [];
  if (rules.minProfit !== undefined && item.profit < rules.minProfit)
    reasons.push(`profit ${item.profit.toFixed(2)} < minProfit ${rules.minProfit.toFixed(2)}`);
  if (rules.minRoi !== undefined && (item.roi === null || item.roi < rules.minRoi))
    reasons.push(`ROI ${item.roi === null ? '-' : item.roi.toFixed(1) + '%'} < minRoi ${rules.minRoi}%`);
  if (rules.maxRank !== undefined) {
    if (item.rank === null) reasons.push(`no sales rank (maxRank ${rules.maxRank})`);
    else if (item.rank > rules.maxRank) reasons.push(`rank ${item.rank} > maxRank ${rules.maxRank}`);
  }
  return reasons.length ? { verdict: 'skip', reasons } : { verdict: 'buy', reasons: [] };
}

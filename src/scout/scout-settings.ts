/** Scouting settings in force: flags over the profile's `scout.*` keys over defaults. */
import type { Settings } from '../config/settings.js';
import type { CostSettings } from './arithmetic.js';
import type { RuleSet } from './verdict.js';

export interface ScoutFlags {
  cost?: number;
  prep?: number;
  inboundPerLb?: number;
  taxRate?: number;
}

/** Default rules when the profile sets none: 30 % ROI, $3 profit. */
export const DEFAULT_RULES = { minRoi: 30, minProfit: 3 } as const;

/** The cost settings, the default cost of a scan and the verdict rules. */
export function scoutSettings(
  settings: Settings,
  flags: ScoutFlags,
): { costs: CostSettings; defaultCost?: number; rules: RuleSet & { minRoi: number; minProfit: number } } {
  const s = settings.stored.scout ?? {};
  return {
    costs: {
      prep: flags.prep ?? s.prep ?? 0,
      inboundPerLb: flags.inboundPerLb ?? s.inboundPerLb ?? 0,
      taxRate: flags.taxRate ?? s.taxRate ?? 0,
    },
    defaultCost: flags.cost ?? s.cost,
    rules: {
      minRoi: s.minRoi ?? DEFAULT_RULES.minRoi,
      minProfit: s.minProfit ?? DEFAULT_RULES.minProfit,
      maxRank: s.maxRank,
      overrides: s.overrides,
    },
  };
}

/** One scan: a code (and cost) to ASINs, offers, a price, fees, the profit terms and a verdict; answers cached per ASIN. */
import { AuthError, InterruptedError, InvError, NotFoundError, RateLimitError } from '../errors.js';
import { CodeError, recognizeCode, type CodeKind } from '../api/product-codes.js';
import type { ResearchClient } from '../api/research.js';
import type { OffersResponse, SearchResult } from '../api/research-types.js';
import { computeProfit, type CostSettings } from './arithmetic.js';
import { choosePrice, type PriceRule } from './price.js';
import { judge, type RuleSet, type VerdictKind } from './verdict.js';
import { AnswerCache, type AnswerPolicy, type ScanTrace } from './answer-cache.js';

export interface ScoutOptions {
  at: PriceRule;
  channel: 'fba' | 'mfn';
  settings: CostSettings;
  rules: RuleSet;
}

export interface ScoutResult {
  code: string;
  kind: CodeKind | null;
  asin: string | null;
  title: string | null;
  rank: number | null;
  category: string | null;
  weight: number | null;
  price: number | null;
  priceSource: string | null;
  fees: number | null;
  feesSource: string | null;
  cost: number;
  prep: number | null;
  inbound: number | null;
  tax: number | null;
  profit: number | null;
  roi: number | null;
  margin: number | null;
  verdict: VerdictKind;
  reasons: string[];
}

/** What the catalog says of an ASIN (from a search or item answer). */
type Listing = Pick<SearchResult, 'productId' | 'title' | 'type' | 'rank' | 'weight'>;

export class Scout {
  private readonly answers: AnswerCache;

  constructor(
    private readonly client: ResearchClient,
    readonly options: ScoutOptions,
    now: () => number = Date.now,
    policy?: AnswerPolicy,
  ) {
    this.answers = new AnswerCache(now, policy);
  }

  /** Every result of one scan: one per ASIN the code names (an unknown or bad code gives one "unknown"); `trace` is told what was asked. */
  async scan(code: string, cost: number, trace: ScanTrace = { asked: 0 }): Promise<ScoutResult[]> {
    let recognized;
    try {
      recognized = recognizeCode(code);
    } catch (error) {
      if (error instanceof CodeError) return [blank(code, null, cost, [error.message])];
      throw error;
    }
    // An ASIN known from the code: its offers are asked beside its catalog entry, not after it. The scan waits for
    // them whatever the catalog says: an answer landing after the scan could find the answers file closed.
    const beside = recognized.asin ? this.offers(recognized.asin, trace).catch(() => undefined) : undefined;
    try {
      return await this.resultsOf(code, recognized, cost, trace);
    } finally {
      await beside;
    }
  }

  private async resultsOf(
    code: string,
    recognized: ReturnType<typeof recognizeCode>,
    cost: number,
    trace: ScanTrace,
  ): Promise<ScoutResult[]> {
    let listings: Listing[];
    try {
      listings = await this.listings(recognized.kind, recognized.value, recognized.asin, trace);
    } catch (error) {
      return [blank(code, recognized.kind, cost, [reason(error)])];
    }
    if (listings.length === 0)
      return [
        blank(code, recognized.kind, cost, [`no product for ${recognized.kind.toUpperCase()} ${recognized.value}`]),
      ];
    return Promise.all(listings.map((listing) => this.evaluate(code, recognized.kind, listing, cost, trace)));
  }

  private listings(kind: CodeKind, value: string, asin: string | undefined, trace: ScanTrace): Promise<Listing[]> {
    if (asin) {
      return this.answers.get(
        `item:${asin}`,
        async () => {
          try {
            return (await this.client.item(asin)).searchCatalogs.result;
          } catch (error) {
            if (error instanceof NotFoundError) return [];
            throw error;
          }
        },
        trace,
      );
    }
    const query = kind === 'upc' ? { upc: value } : { ean: value };
    return this.answers.get(
      `search:${kind}:${value}`,
      async () => (await this.client.search(query)).searchCatalogs.result,
      trace,
    );
  }

  private async evaluate(
    code: string,
    kind: CodeKind,
    listing: Listing,
    cost: number,
    trace: ScanTrace,
  ): Promise<ScoutResult> {
    const asin = listing.productId;
    const { at, channel, settings, rules } = this.options;
    const base = blank(code, kind, cost, []);
    const rank = typeof listing.rank?.Rank === 'number' ? listing.rank.Rank : null;
    const weight = typeof listing.weight === 'number' ? listing.weight : null;
    Object.assign(base, { asin, title: listing.title ?? null, rank, weight });
    const feesOf = (price: number) =>
      this.answers.get(`fees:${asin}:${price.toFixed(2)}`, () => this.client.fees(asin, price), trace);
    let offers: OffersResponse | undefined;
    let fees;
    try {
      if (typeof at === 'object') [offers, fees] = await Promise.all([this.offers(asin, trace), feesOf(at.fixed)]);
      else offers = await this.offers(asin, trace);
    } catch (error) {
      return { ...base, reasons: [reason(error)] };
    }
    base.rank = rank ?? numberOrNull(offers?.extras?.salesrank);
    base.category = typeof offers?.extras?.category === 'string' ? offers.extras.category : null;
    const chosen = choosePrice(at, offers);
    if (!chosen) return { ...base, verdict: 'unknown', reasons: ['no offers to price it by'] };
    try {
      fees ??= await feesOf(chosen.price);
    } catch (error) {
      return { ...base, price: chosen.price, priceSource: chosen.source, reasons: [reason(error)] };
    }
    const side = channel === 'fba' ? fees.data.fbaFees : fees.data.mfnFees;
    const p = computeProfit({ price: chosen.price, fees: side.feesTotal, cost, weightLb: weight, settings });
    const verdict = judge(
      { profit: p.profit, roi: p.roi, rank: base.rank, category: base.category, group: listing.type },
      rules,
    );
    return {
      ...base,
      price: p.price,
      priceSource: chosen.source,
      fees: p.fees,
      feesSource: `${channel}Fees.feesTotal`,
      prep: p.prep,
      inbound: p.inbound,
      tax: p.tax,
      profit: p.profit,
      roi: p.roi,
      margin: p.margin,
      ...verdict,
    };
  }

  private offers(asin: string, trace: ScanTrace): Promise<OffersResponse> {
    return this.answers.get(
      `offers:${asin}`,
      () => this.client.offers(asin, { format: 'pretty', nopaapi: true }),
      trace,
    );
  }
}

function numberOrNull(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** A failed answer as a reason; credentials, rate limits and interruptions are the caller's to handle. */
function reason(error: unknown): string {
  if (error instanceof AuthError || error instanceof InterruptedError || error instanceof RateLimitError) throw error;
  if (error instanceof InvError) return error.message;
  throw error;
}

/** A result with no figures: verdict unknown, for the reasons given. */
export function blank(code: string, kind: CodeKind | null, cost: number, reasons: string[]): ScoutResult {
  return {
    code,
    kind,
    asin: null,
    title: null,
    rank: null,
    category: null,
    weight: null,
    price: null,
    priceSource: null,
    fees: null,
    feesSource: null,
    cost,
    prep: null,
    inbound: null,
    tax: null,
    profit: null,
    roi: null,
    margin: null,
    verdict: 'unknown',
    reasons,
  };
}

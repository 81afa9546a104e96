/** The product advertising item lookup of a product, as its XML reply converted to JSON ($ attributes, _ text). */
import { randomUUID } from 'node:crypto';
import type { Product } from './catalog.js';
import { offersFor } from './offer-listings.js';

const hundredths = (n: number) => String(Math.round(n * 100));
const dim = (value: number, units: string) => ({ _: hundredths(value), $: { Units: units } });
const price = (dollars: number) => ({
  Amount: String(Math.round(dollars * 100)),
  CurrencyCode: 'USD',
  FormattedPrice: `$${dollars.toFixed(2)}`,
});

/** The ItemLookupResponse member for a product; every leaf value is a string. */
export function itemLookupFor(p: Product, origin: string, clock: () => number = Date.now) {
  const args = {
    Condition: 'All',
    Operation: 'ItemLookup',
    Service: 'AWSECommerceService',
    Signature: 'sandbox',
    AssociateTag: 'sandbox-20',
    SellerId: 'A1SANDBOXMERCHANT',
    Version: '2013-08-01',
    ItemId: p.asin,
    IdType: 'ASIN',
    AWSAccessKeyId: 'SANDBOX',
    Timestamp: new Date(clock()).toISOString(),
    ResponseGroup: 'Large',
  };
  return {
    OperationRequest: {
      RequestId: randomUUID(),
      Arguments: { Argument: Object.entries(args).map(([Name, Value]) => ({ $: { Name, Value } })) },
      RequestProcessingTime: '0.0123',
    },
    Items: {
      Request: {
        IsValid: 'True',
        ItemLookupRequest: {
          Condition: 'All',
          IdType: 'ASIN',
          ItemId: p.asin,
          ResponseGroup: ['Large'],
          VariationPage: 'All',
        },
      },
      Item: itemFor(p, origin),
    },
  };
}

/**
 * One Item element of the product advertising reply. As in the XML conversion, an element that occurs
 * once is an object and one that repeats is an array (EANListElement, Offer, Feature of one line).
 */
export function itemFor(p: Product, origin: string) {
  const { offers, extras } = offersFor(p, true);
  const detail = `${origin}/dp/${p.asin}`;
  const box = {
    Height: dim(p.height, 'hundredths-inches'),
    Length: dim(p.length, 'hundredths-inches'),
    Weight: dim(p.weight, 'hundredths-pounds'),
    Width: dim(p.width, 'hundredths-inches'),
  };
  const best = offers.fbaNew[0] ?? offers.merchantNew[0];
  return {
    ASIN: p.asin,
    ParentASIN: p.asin,
    DetailPageURL: detail,
    ItemLinks: {
      ItemLink: [
        { Description: 'All Offers', URL: `${detail}/offers` },
        { Description: 'All Customer Reviews', URL: `${detail}/reviews` },
      ],
    },
    ItemAttributes: {
      Binding: p.category.media ? 'Paperback' : p.category.group,
      Brand: p.brand,
      CatalogNumberList: { CatalogNumberListElement: [p.model] },
      Color: p.color,
      EAN: p.ean,
      EANList: { EANListElement: p.ean },
      Feature: p.features,
      ItemDimensions: box,
      Label: p.brand,
      ListPrice: price(p.listPrice),
      Manufacturer: p.brand,
      Model: p.model,
      MPN: p.model,
      PackageDimensions: box,
      PartNumber: p.model,
      ProductGroup: p.category.group,
      ProductTypeName: p.category.name.toUpperCase().replace(/[^A-Z]+/g, '_'),
      Publisher: p.brand,
      Studio: p.brand,
      Title: p.title,
      UPC: p.upc,
      UPCList: { UPCListElement: p.upc },
      Warranty: '1 year limited',
    },
    OfferSummary: {
      ...(extras.newLowest !== null ? { LowestNewPrice: price(extras.newLowest) } : {}),
      ...(extras.usedLowest !== null ? { LowestUsedPrice: price(extras.usedLowest) } : {}),
      TotalNew: String(offers.fbaNew.length + offers.merchantNew.length),
      TotalUsed: String(offers.fbaUsed.length + offers.merchantUsed.length),
      TotalCollectible: '0',
      TotalRefurbished: '0',
    },
    Offers: {
      TotalOffers: best ? '1' : '0',
      TotalOfferPages: best ? '1' : '0',
      MoreOffersUrl: `${detail}/offers`,
      ...(best && {
        Offer: {
          Merchant: { Name: offers.fbaNew[0] ? 'Amazon.com' : 'Sandbox Merchant' },
          OfferAttributes: { Condition: 'New' },
          OfferListing: {
            OfferListingId: `sandbox-${p.asin}`,
            Price: price(best.price),
            AmountSaved: price(Math.max(0, p.listPrice - best.price)),
            PercentageSaved: String(Math.max(0, Math.round((1 - best.price / p.listPrice) * 100))),
            Availability: 'Usually ships in 24 hours',
            AvailabilityAttributes: { AvailabilityType: 'now', MinimumHours: '0', MaximumHours: '24' },
            IsEligibleForSuperSaverShipping: 'True',
          },
        },
      }),
    },
    CustomerReviews: { IFrameURL: `${detail}/reviews/iframe`, HasReviews: 'True' },
  };
}

/** The sandbox's category tree: root categories with their referral rate, media flag and subcategories. */

export interface CategoryDef {
  id: string;
  name: string;
  /** Product group, as in search results. */
  group: string;
  /** The category code of fee answers (e.g. ToysAndGames). */
  code: string;
  /** Referral fee as a share of the price. */
  referral: number;
  /** Media items pay the variable closing fee and no FBA order fee. */
  media: boolean;
  /** A second name the same id is listed under (documented: an id can appear with several names). */
  alias?: string;
  subs: Array<{ id: string; name: string }>;
}

export const CATEGORIES: readonly CategoryDef[] = [
  {
    id: '283155',
    name: 'Books',
    code: 'Books',
    group: 'Book',
    referral: 0.15,
    media: true,
    alias: 'Subjects',
    subs: [
      { id: '5', name: 'Computers & Technology' },
      { id: '4', name: "Children's Books" },
      { id: '173507', name: 'Cookbooks, Food & Wine' },
    ],
  },
  {
    id: '5174',
    name: 'CDs & Vinyl',
    code: 'Music',
    group: 'Music',
    referral: 0.15,
    media: true,
    subs: [
      { id: '67207', name: 'Classic Rock' },
      { id: '34', name: 'Jazz' },
    ],
  },
  {
    id: '2625373011',
    name: 'Movies & TV',
    code: 'VideoDVD',
    group: 'DVD',
    referral: 0.15,
    media: true,
    subs: [
      { id: '2649512011', name: 'Blu-ray' },
      { id: '2649513011', name: 'DVD' },
    ],
  },
  {
    id: '468642',
    name: 'Video Games',
    code: 'VideoGames',
    group: 'Video Games',
    referral: 0.15,
    media: true,
    subs: [
      { id: '6427814011', name: 'Nintendo Switch' },
      { id: '20972781011', name: 'PlayStation 5' },
    ],
  },
  {
    id: '172282',
    name: 'Electronics',
    code: 'ConsumerElectronics',
    group: 'CE',
    referral: 0.08,
    media: false,
    alias: 'Electronics & Photo',
    subs: [
      { id: '172541', name: 'Headphones' },
      { id: '3015429011', name: 'Cables' },
    ],
  },
  {
    id: '165793011',
    name: 'Toys & Games',
    code: 'ToysAndGames',
    group: 'Toy',
    referral: 0.15,
    media: false,
    subs: [
      { id: '166092011', name: 'Building Toys' },
      { id: '166220011', name: 'Puzzles' },
    ],
  },
  {
    id: '1055398',
    name: 'Home & Kitchen',
    code: 'Kitchen',
    group: 'Kitchen',
    referral: 0.15,
    media: false,
    subs: [
      { id: '289913', name: 'Coffee, Tea & Espresso' },
      { id: '284507', name: 'Kitchen & Dining' },
    ],
  },
  {
    id: '3375251',
    name: 'Sports & Outdoors',
    code: 'SportsAndOutdoors',
    group: 'Sports',
    referral: 0.15,
    media: false,
    subs: [
      { id: '3400371', name: 'Camping & Hiking' },
      { id: '3407731', name: 'Fitness' },
    ],
  },
  {
    id: '3760911',
    name: 'Beauty & Personal Care',
    code: 'Beauty',
    group: 'Beauty',
    referral: 0.08,
    media: false,
    subs: [
      { id: '11060451', name: 'Skin Care' },
      { id: '11057241', name: 'Hair Care' },
    ],
  },
  {
    id: '1064954',
    name: 'Office Products',
    code: 'OfficeProducts',
    group: 'Office Product',
    referral: 0.15,
    media: false,
    subs: [
      { id: '1069242', name: 'Office & School Supplies' },
      { id: '172574', name: 'Office Electronics' },
    ],
  },
  {
    id: '2619533011',
    name: 'Pet Supplies',
    code: 'PetSupplies',
    group: 'Pet Products',
    referral: 0.15,
    media: false,
    subs: [
      { id: '2975312011', name: 'Dogs' },
      { id: '2975241011', name: 'Cats' },
    ],
  },
  {
    id: '228013',
    name: 'Tools & Home Improvement',
    code: 'HomeImprovement',
    group: 'Home Improvement',
    referral: 0.15,
    media: false,
    subs: [
      { id: '328182011', name: 'Power & Hand Tools' },
      { id: '495224', name: 'Lighting & Ceiling Fans' },
    ],
  },
];

/** The name of a category id (root or sub), if the tree has it. */
export function categoryName(id: string): string | undefined {
  for (const root of CATEGORIES) {
    if (root.id === id) return root.name;
    const sub = root.subs.find((s) => s.id === id);
    if (sub) return sub.name;
  }
  return undefined;
}

/** The display group search results name as a rank's ProductCategoryId, e.g. toy_display_on_website. */
export function displayGroup(category: CategoryDef): string {
  return `${category.group.toLowerCase().replace(/[^a-z0-9]+/g, '_')}_display_on_website`;
}

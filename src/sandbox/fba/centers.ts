/** Fulfillment centers of the sandbox, with their ship-to addresses. */

export interface Center {
  id: string;
  name: string;
  addr1: string;
  addr2: string;
  county: string;
  city: string;
  state: string;
  country: string;
  zip: string;
}

export const CENTERS: readonly Center[] = [
  {
    id: 'PHX7',
    name: 'Amazon.com Services, Inc.',
    addr1: '800 N 75th Ave',
    addr2: '',
    county: 'Maricopa',
    city: 'Phoenix',
    state: 'AZ',
    country: 'US',
    zip: '85043-2101',
  },
  {
    id: 'ONT8',
    name: 'Amazon.com Services, Inc.',
    addr1: '24300 Nandina Ave',
    addr2: '',
    county: 'Riverside',
    city: 'Moreno Valley',
    state: 'CA',
    country: 'US',
    zip: '92551-9534',
  },
  {
    id: 'BFI4',
    name: 'Amazon.com Services, Inc.',
    addr1: '21005 64th Ave S',
    addr2: '',
    county: 'King',
    city: 'Kent',
    state: 'WA',
    country: 'US',
    zip: '98032-2329',
  },
  {
    id: 'MDW2',
    name: 'Amazon.com Services, Inc.',
    addr1: '250 Emerald Dr',
    addr2: '',
    county: 'Will',
    city: 'Joliet',
    state: 'IL',
    country: 'US',
    zip: '60433-3280',
  },
  {
    id: 'TEB9',
    name: 'Amazon.com Services, Inc.',
    addr1: '2170 Route 27',
    addr2: '',
    county: 'Middlesex',
    city: 'Edison',
    state: 'NJ',
    country: 'US',
    zip: '08817-3334',
  },
  {
    id: 'CLT2',
    name: 'Amazon.com Services, Inc.',
    addr1: '10240 Old Dowd Rd',
    addr2: '',
    county: 'Mecklenburg',
    city: 'Charlotte',
    state: 'NC',
    country: 'US',
    zip: '28214-8082',
  },
];

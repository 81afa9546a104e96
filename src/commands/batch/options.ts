/** Options that every batch command declares alike. */
import { Option } from 'commander';

/** --again, the one way to apply rows that an earlier batch of the account applied already. */
export function againOption(): Option {
  return new Option(
    '--again',
    'rows an earlier batch of this account applied are meant to be applied again: run them as a new batch',
  );
}

/** Options that every batch command declares alike. */
import { Option } from 'commander';

/** --batch NAME: the batch's key is the account and this name, rather than the content of its rows. */
export function batchNameOption(): Option {
  return new Option(
    '--batch <name>',
    'name the batch (a dated name makes one batch a night); without one, a batch is known by its rows',
  );
}

/** --again, the one way to apply rows once more that a finished batch of this account applied. */
export function againOption(): Option {
  return new Option(
    '--again',
    "run the batch once more as a new generation, once its last run finished (one that didn't is continued)",
  );
}

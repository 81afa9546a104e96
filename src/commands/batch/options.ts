/** Options that every batch command declares alike. */
import { Option } from 'commander';
import { INPUT_FORMATS } from '../../batch/batch-types.js';
import { ENCODINGS, encodingOf } from '../../csv/decode.js';
import { choiceOption, nameOption, offeredOption } from '../../cli/option-kinds.js';

/** --batch NAME: the batch's key is the account and this name, rather than the content of its rows. */
export function batchNameOption(): Option {
  return nameOption(
    '--batch <name>',
    'name the batch (a dated name makes one batch a night); without one, a batch is known by its rows',
    'batches',
  );
}

/** --again, the one way to apply rows once more that a finished batch of this account applied. */
export function againOption(): Option {
  return new Option(
    '--again',
    "run the batch once more as a new generation, once its last run finished (one that didn't is continued)",
  );
}

/** --format and --encoding of a batch's input file (`prefix` marks them in a command that is not only a batch). */
export function batchInputOptions(prefix = '') {
  return {
    // The engine checks the format, so that a refused one still gets the run's one --json summary.
    format: offeredOption(
      '--format <format>',
      `${prefix}batch input format (default: by extension or first character)`,
      INPUT_FORMATS,
    ),
    encoding: choiceOption(
      '--encoding <encoding>',
      `${prefix}the file's encoding (default utf-8; cp1252 and utf8 are read as their names)`,
      ENCODINGS,
      encodingOf,
    ),
  };
}

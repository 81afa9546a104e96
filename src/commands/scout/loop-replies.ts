/** What the scan loop says to a command, as lines of text. */
import { money } from '../../util/format.js';
import type { CommandReply } from '../../scout/loop.js';

/** The answer to a command (nothing for `clear`, which the caller does). */
export function replyText(reply: CommandReply): string | undefined {
  switch (reply.name) {
    case 'help':
      return ['commands:', ...reply.commands.map(([usage, does]) => `  ${usage.padEnd(15)} ${does}`)].join('\n');
    case 'cost':
      return `cost of a scan that gives none: ${money(reply.cost)}`;
    case 'at':
      return `price: ${typeof reply.at === 'object' ? money(reply.at.fixed) : reply.at}`;
    case 'roi':
      return `least ROI: ${reply.minRoi}%`;
    case 'undo':
      return reply.undone
        ? `took back ${reply.undone.map((r) => `${r.asin ?? r.code} (${r.verdict})`).join(', ')}`
        : 'nothing to take back';
    case 'total': {
      const { units, cost, invested, profit, roi } = reply.bought;
      const allIn = invested !== cost ? ` (${money(invested)} with prep, inbound and tax)` : '';
      const roiText = roi === null ? '' : `, ROI ${roi.toFixed(1)}%`;
      return `bought: ${units} unit${units === 1 ? '' : 's'}, cost ${money(cost)}${allIn}, expected profit ${money(profit)}${roiText}`;
    }
    case 'error':
      return reply.hint ? `${reply.error}\n  hint: ${reply.hint}` : reply.error;
    case 'clear':
      return undefined;
  }
}

/** /fnskuLabel: a printable PNG label with a scannable Code 128 barcode of the FNSKU (drawn by bwip-js). */
import { HttpFail, type Reply, type SandboxRequest, type SandboxServer } from '../http.js';
import type { Account } from '../inventory/account.js';
import { fnskuOf } from './shipment-plan.js';

/** PNG width and height, from its header. */
function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

function size(raw: string | null, name: string): number | undefined {
  if (raw === null || raw === '') return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < 50 || Number(raw) > 4000)
    throw new HttpFail(400, `${name} must be a whole number of pixels from 50 to 4000`);
  return Number(raw);
}

/** Registers /fnskuLabel (and /v1/fnskuLabel); open to browsers, so no token is needed. */
export function labelRoutes(server: SandboxServer, account: Account): void {
  const handler = async (req: SandboxRequest): Promise<Reply> => {
    const msku = req.query.get('msku') ?? '';
    const fnsku = req.query.get('fnsku') ?? '';
    if (!msku || !fnsku) throw new HttpFail(400, 'msku and fnsku are required');
    const item = account.item(msku);
    if (fnsku !== fnskuOf(item.msku)) throw new HttpFail(400, `fnsku ${fnsku} is not the fnsku of "${msku}"`);
    const width = size(req.query.get('width'), 'width');
    const height = size(req.query.get('height'), 'height');
    // bwip-js (1.6 MB) is read at the first label asked for, not at every sandbox's start.
    const { default: bwipjs } = await import('bwip-js');
    // The largest scale that fits the size asked (scale 1 when even that does not fit).
    let png: Buffer | undefined;
    for (let scale = 4; scale >= 1; scale--) {
      png = await bwipjs.toBuffer({
        bcid: 'code128',
        text: fnsku,
        scale,
        height: 12,
        includetext: true,
        textxalign: 'center',
        alttext: `${fnsku}  ${item.title.slice(0, 40)}  ${item.cond.toUpperCase()}`,
        textsize: 8,
        paddingwidth: 10,
        paddingheight: 6,
        backgroundcolor: 'FFFFFF',
      });
      const { width: w, height: h } = pngSize(png);
      if ((width === undefined || w <= width) && (height === undefined || h <= height)) break;
    }
    return { raw: png!, contentType: 'image/png', headers: { 'cache-control': 'no-store' } };
  };
  server.route('GET', '/fnskuLabel', handler);
  server.route('GET', '/v1/fnskuLabel', handler);
}

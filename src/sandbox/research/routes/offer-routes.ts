/** /v1/offers and the legacy /v1/lookup: offer listings in JSON, pretty JSON or PHP-serialized form. */
import { HttpFail, type Reply, type SandboxRequest, type SandboxServer } from '../../http.js';
import { verifyLegacy } from '../auth.js';
import { product } from '../catalog.js';
import { offersFor } from '../offer-listings.js';
import { phpSerialize } from '../php.js';
import type { Kit } from './kit.js';

const FORMATS = ['pretty', 'bettermws_json', 'bettermws_sphp'];
/** The legacy lookup also knows the formats public clients use. */
const LOOKUP_FORMATS = [...FORMATS, 'json', 'sphp'];

/** The offers of an ASIN in the format the request asks for. */
function offersReply(kit: Kit, req: SandboxRequest, asin: string, formats = FORMATS): Reply {
  const format = req.query.get('format') ?? 'bettermws_json';
  if (!formats.includes(format)) throw new HttpFail(400, `format must be one of ${formats.join(', ')}`);
  const nopaapi = req.query.get('nopaapi') ?? 'false';
  if (nopaapi !== 'true' && nopaapi !== 'false') throw new HttpFail(400, 'nopaapi must be true or false');
  const { offers, extras } = offersFor(kit.see(product(asin)), nopaapi === 'false');
  const body = { offers, extras, id: asin, type: 'asin', ...kit.meta() };
  if (format.endsWith('sphp')) return { text: phpSerialize(body), contentType: 'text/plain; charset=utf-8' };
  return kit.json(body, format === 'pretty');
}

/** Registers /v1/offers/:asin and /v1/lookup. */
export function offerRoutes(server: SandboxServer, kit: Kit): void {
  server.route(
    'GET',
    '/v1/offers/:asin',
    kit.signed((req) => offersReply(kit, req, kit.asinParam(req))),
  );
  server.route('GET', '/v1/lookup', (req) => {
    verifyLegacy(req, kit.state.account, kit.nowS());
    return offersReply(kit, req, kit.asinParam(req, req.query.get('asin') ?? ''), LOOKUP_FORMATS);
  });
}

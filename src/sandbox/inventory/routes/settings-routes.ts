/** /v1/settings/:key: read and set account settings. */
import { HttpFail } from '../../http.js';
import type { Account } from '../account.js';
import type { AddRoute } from './route-base.js';

/** Registers the settings routes. */
export function settingRoutes(route: AddRoute, account: Account): void {
  const { state } = account;
  const settingName = (name: string) => {
    if (!/^[A-Za-z0-9_.-]{1,200}$/.test(name))
      throw new HttpFail(400, `setting name "${name}" may hold letters, digits, _ . - (1 to 200)`);
    return name;
  };
  route('GET', '/v1/settings/:key', (req) => {
    const name = settingName(req.params.key!);
    const value = state.settings[name];
    if (value === undefined) throw new HttpFail(404, `setting "${name}" is not set`);
    return { key: name, value };
  });
  route('PUT', '/v1/settings/:key', (req) => {
    const name = settingName(req.params.key!);
    const value = req.query.get('value');
    if (value === null) throw new HttpFail(400, 'value is required (PUT /v1/settings/<key>?value=...)');
    if (value.length > 10_000) throw new HttpFail(400, 'value must be at most 10000 characters');
    account.setSetting(name, value);
    return { key: name, value };
  });
}

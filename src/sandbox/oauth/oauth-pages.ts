/** The HTML pages of the sandbox's authorization server: login and consent, and errors. */

import { escapeHtml } from '../../util/html.js';

const STYLE = `body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#222}
h1{font-size:1.3rem}label{display:block;margin:.8rem 0 .2rem}input[type=text],input[type=password]{width:100%;padding:.5rem;font-size:1rem}
.scopes{background:#f4f4f4;padding:.6rem 1rem;border-radius:4px}.error{color:#b00020}.buttons{margin-top:1.2rem;display:flex;gap:.6rem}
button{padding:.5rem 1.2rem;font-size:1rem}`;

function page(title: string, body: string): string {
  const head = `<meta charset="utf-8"><title>${escapeHtml(title)}</title><style>${STYLE}</style>`;
  return `<!doctype html><html lang="en"><head>${head}</head><body>${body}</body></html>`;
}

export interface LoginPageInput {
  clientName: string;
  scopes: string[];
  /** The authorization request's parameters, carried through the form. */
  params: Record<string, string>;
  error?: string;
  username?: string;
  /** The form's single-use CSRF token. */
  csrf: string;
}

/** The login and consent page: username, password, the requested scopes, Approve and Deny. */
export function loginPage(input: LoginPageInput): string {
  const hidden = Object.entries({ ...input.params, csrf_token: input.csrf })
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  const scopes = input.scopes.length
    ? input.scopes.map((s) => `<li>${escapeHtml(s)}</li>`).join('')
    : '<li>basic access to your account</li>';
  const username = [
    '<input type="text" id="username" name="username" autocomplete="username"',
    `value="${escapeHtml(input.username ?? '')}" required>`,
  ].join(' ');
  const buttons = [
    '<div class="buttons"><button type="submit" name="decision" value="approve">Approve</button>',
    '<button type="submit" name="decision" value="deny" formnovalidate>Deny</button></div>',
  ].join('');
  return page(
    'Sign in - inv sandbox',
    `<h1>Sign in to the inv sandbox</h1>
<p><strong>${escapeHtml(input.clientName)}</strong> asks for access to your inventory account:</p>
<ul class="scopes">${scopes}</ul>
${input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : ''}
<form method="post" action="/oauth2/auth">${hidden}
<label for="username">Username</label>${username}
<label for="password">Password</label><input type="password" id="password" name="password" autocomplete="current-password">
${buttons}
</form>`,
  );
}

/** An error page, for requests that cannot be redirected back safely. */
export function errorPage(title: string, message: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p class="error">${escapeHtml(message)}</p>`);
}

// Drives a social login over plain HTTP (no browser): the service's start page, the stand-in provider's
// devInteractions login and consent forms, up to the service's callback URL. A cookie jar per origin.
export class CookieJar {
  private readonly jars = new Map<string, Map<string, string>>();
  header(url: string): Record<string, string> {
    const jar = this.jars.get(new URL(url).origin);
    return jar?.size ? { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } : {};
  }
  take(url: string, response: Response): void {
    const origin = new URL(url).origin;
    const jar = this.jars.get(origin) ?? new Map<string, string>();
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    this.jars.set(origin, jar);
  }
}

export async function request(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), ...jar.header(url) } });
  jar.take(url, response);
  return response;
}

/**
 * From the provider's authorization URL to the redirect back to `callbackPrefix` (returned, not followed):
 * follows redirects and submits the login form (`login`, any password) and the consent form.
 */
export async function loginAtProvider(jar: CookieJar, authUrl: string, login: string, callbackPrefix: string): Promise<string> {
  let url = authUrl;
  for (let step = 0; step < 20; step++) {
    if (url.startsWith(callbackPrefix)) return url;
    const response = await request(jar, url);
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`no form at ${url} (${response.status}): ${html.slice(0, 300)}`);
    const form = new URLSearchParams({ prompt, ...(prompt === 'login' ? { login, password: 'any' } : {}) });
    const posted = await request(jar, new URL(action, url).href, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
    url = new URL(posted.headers.get('location') ?? '', url).href;
  }
  throw new Error('too many steps');
}

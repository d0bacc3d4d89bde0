// The frame's own key: a non-extractable ECDSA P-256 key pair kept in this origin's IndexedDB. Its public half
// is bound to the session when one opens; every API call is signed with it (server/auth-frame/proof.ts), so the
// session cookie alone, which other services on the same host name also receive, can do nothing.

const DB = 'wcm-frame';
const STORE = 'keys';
const ID = 'session';

function withStore(mode, action) {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(DB, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(STORE);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction(STORE, mode);
      const request = action(tx.objectStore(STORE));
      tx.oncomplete = () => {
        db.close();
        resolve(request.result);
      };
      tx.onerror = tx.onabort = () => {
        db.close();
        reject(tx.error);
      };
    };
  });
}

const b64url = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

let current;

/** The stored key pair, if any ({ privateKey, publicKey: base64url raw }). */
async function load() {
  current ??= withStore('readonly', (store) => store.get(ID)).catch(() => undefined);
  return current;
}

/** A fresh key pair for a session about to open (replacing any older one); returns the public key to send. */
export async function newSessionKey() {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign']);
  const entry = { privateKey: pair.privateKey, publicKey: b64url(await crypto.subtle.exportKey('raw', pair.publicKey)) };
  await withStore('readwrite', (store) => store.put(entry, ID));
  current = Promise.resolve(entry);
  return entry.publicKey;
}

/** The proof header for a request: `<ts>.<nonce>.<signature>` over method, path, body hash, ts and nonce. */
export async function proofFor(method, path, body) {
  const entry = await load();
  if (!entry) return undefined;
  const ts = String(Date.now());
  const nonce = b64url(crypto.getRandomValues(new Uint8Array(18)));
  const bodyHash = b64url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body)));
  const payload = [method, path, bodyHash, ts, nonce].join('\n');
  const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, entry.privateKey, new TextEncoder().encode(payload));
  return `${ts}.${nonce}.${b64url(signature)}`;
}

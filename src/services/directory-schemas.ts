import * as z from 'zod/mini';

/** Response shapes of the wallet directory (docs/wire-formats.md §2.1–2.3). */

/**
 * A wallet id as it may travel in `include=`/`exclude=` and in routes: the hosted directory's 64-hex ids,
 * or a self-hosted directory's slugs. Never a connector id (`injected:…`).
 */
export const DIRECTORY_ID = /^[-_.a-zA-Z0-9]{1,128}$/;

const text = z.nullish(z.string());
/** A store link (App Store, Play, Chrome Web Store): `https:` and bounded, else dropped without the record. */
const storeLink = z.catch(z.nullish(z.string().check(z.maxLength(2048), z.regex(/^https:\/\/\S+$/i))), undefined);

/**
 * One wallet (`WcWallet`). Fields the widget does not use are ignored; a field it uses with the wrong type
 * makes the record malformed (the page drops it, see `parseWalletsPage`).
 */
export const directoryWalletSchema = z.object({
  id: z.string().check(z.regex(DIRECTORY_ID)),
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  chains: z.optional(z.array(z.string())),
  homepage: text,
  image_id: text,
  image_url: text,
  order: z.optional(z.number()),
  link_mode: text,
  mobile_link: text,
  desktop_link: text,
  webapp_link: text,
  app_store: storeLink,
  play_store: storeLink,
  chrome_store: storeLink,
  rdns: text,
  injected: z.nullish(z.array(z.object({ namespace: z.optional(z.string()), injected_id: z.optional(z.string()) }))),
});
export type DirectoryWallet = z.infer<typeof directoryWalletSchema>;

/** `{ data, count }`: the page itself must have this shape; its records are checked one by one. */
export const walletsPageSchema = z.object({
  data: z.array(z.unknown()),
  count: z.number().check(z.int(), z.nonnegative()),
});

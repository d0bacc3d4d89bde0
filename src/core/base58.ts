/** Base58 with the Bitcoin alphabet (Solana addresses, keys and signatures). */
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]*$/;

/**
 * The bytes `text` stands for, or undefined when it is not base58. Each leading "1" is a zero byte; the rest
 * is one big number (bigint: exact at any length). Callers bound the length first.
 */
export function base58Decode(text: string): Uint8Array | undefined {
  if (!BASE58.test(text)) return undefined;
  const zeros = /^1*/.exec(text)![0].length;
  let value = 0n;
  for (const char of text.slice(zeros)) value = value * 58n + BigInt(ALPHABET.indexOf(char));
  const bytes: number[] = [];
  for (; value > 0n; value >>= 8n) bytes.unshift(Number(value & 0xffn));
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...bytes]);
}

/** `bytes` in base58: each leading zero byte is a "1", the rest one big number. */
export function base58Encode(bytes: Uint8Array): string {
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) + BigInt(byte);
  let out = '';
  for (; value > 0n; value /= 58n) out = ALPHABET[Number(value % 58n)]! + out;
  return '1'.repeat(zeros) + out;
}

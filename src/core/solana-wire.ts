/**
 * Just enough of Solana's transaction wire format to put a signature in its place: `compact-u16` signature
 * count, the signatures (64 bytes each), then the message: an optional version byte (0x80 | version), the
 * header (the first byte is how many signatures it needs) and the `compact-u16` count of 32-byte account keys,
 * the signers first. For a wallet that answers `solana_signTransaction` with a signature only.
 */

/** A `compact-u16` at `offset`: its value and how many bytes it took (1 to 3). */
function compactU16(bytes: Uint8Array, offset: number): { value: number; size: number } | undefined {
  let value = 0;
  for (let size = 0; size < 3; size++) {
    const byte = bytes[offset + size];
    if (byte === undefined) return undefined;
    value |= (byte & 0x7f) << (7 * size);
    if ((byte & 0x80) === 0) return { value, size: size + 1 };
  }
  return undefined;
}

const equal = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i]);

/**
 * `transaction` (wire format) with `signature` in the slot of `signer` (a 32-byte public key), or undefined
 * when the bytes are not a transaction or `signer` is not one of its signers.
 */
export function withSignature(transaction: Uint8Array, signer: Uint8Array, signature: Uint8Array): Uint8Array | undefined {
  const count = compactU16(transaction, 0);
  if (!count || signature.length !== 64) return undefined;
  let offset = count.size + 64 * count.value;
  if ((transaction[offset] ?? 0) & 0x80) offset++; // a versioned message
  const required = transaction[offset];
  const keys = compactU16(transaction, offset + 3);
  if (required === undefined || !keys || required !== count.value) return undefined;
  const first = offset + 3 + keys.size;
  for (let i = 0; i < Math.min(required, keys.value); i++) {
    if (!equal(transaction.subarray(first + 32 * i, first + 32 * (i + 1)), signer)) continue;
    const signed = transaction.slice();
    signed.set(signature, count.size + 64 * i);
    return signed;
  }
  return undefined;
}

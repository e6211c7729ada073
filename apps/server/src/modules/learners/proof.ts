
/** A proof of enrollment is a PDF or a photo or scan (JPEG, PNG, WebP), at most 5 MB. */
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;
export const PROOF_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;

export type ProofCheck = { ok: true; contentType: string } | { ok: false; reason: 'EMPTY' | 'TOO_LARGE' | 'TYPE' };

/**
 * Checks an uploaded proof by its content, never by its name or the type the browser claims: the
 * file's own signature must be one of the accepted types. A file over the limit is refused unread.
 */
export async function checkProof(file: ProofFile): Promise<ProofCheck & { bytes?: Uint8Array }> {
  if (file.size === 0) return { ok: false, reason: 'EMPTY' };
  if (file.size > PROOF_MAX_BYTES) return { ok: false, reason: 'TOO_LARGE' };
  const bytes = await file.read();
  // Loaded with the first proof (about 2 MB of heap), not by every server at start.
  const { fileTypeFromBuffer } = await import('file-type');
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !(PROOF_TYPES as readonly string[]).includes(type.mime)) return { ok: false, reason: 'TYPE' };
  return { ok: true, contentType: type.mime, bytes };
}

/** An uploaded file: its name and size as sent, and its bytes when they are needed. */
export interface ProofFile {
  name: string;
  size: number;
  read: () => Promise<Uint8Array>;
}

/** Checks made before a picture is sent (pure, so they are tested alone). */

export interface UploadPayload {
  name: string;
  type: string;
  bytes: Uint8Array<ArrayBuffer>;
}

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** Why a file cannot be sent, or null when it can (pure, so it is tested alone). */
export function checkFile(
  file: { size: number; type: string },
  accept: readonly string[],
  maxBytes: number,
): { key: string; vars: Record<string, string | number> } | null {
  if (!accept.includes(file.type)) {
    return { key: 'shell.upload.wrongType', vars: { types: accept.map((a) => a.replace('image/', '').toUpperCase()).join(', ') } };
  }
  if (file.size > maxBytes) return { key: 'shell.upload.tooBig', vars: { max: Math.round(maxBytes / (1024 * 1024)) } };
  return null;
}


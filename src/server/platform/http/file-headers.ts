/**
 * Headers of an answer that is a stored file. Only pictures may open inline
 * (the app shows them), and PDFs served through a signed document URL (the
 * in-app viewer; a CSP sandbox would stop Chromium's PDF viewer, so nosniff
 * and the sniffed content type are the guard); everything else is an attachment, so a stored
 * document never renders as a page at the server's origin. nosniff is set on
 * every answer by the server itself (index.ts); it is repeated here so a file
 * answer is safe even if mounted elsewhere.
 */
import { isImage } from '../../domain/file-type';

export const NOSNIFF = { name: 'x-content-type-options', value: 'nosniff' } as const;

export function contentDisposition(mime: string, fileName: string, inlinePdf = false): string {
  const kind = isImage(mime) || (inlinePdf && mime === 'application/pdf') ? 'inline' : 'attachment';
  // RFC 6266 / 5987: the UTF-8 name percent-encoded, plus an ASCII fallback for old clients.
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function fileAnswerHeaders(file: { mime: string; name: string; size: number; inlinePdf?: boolean }): Record<string, string> {
  return {
    'content-type': file.mime,
    // A file written as it is sent (size -1) has no length up front: the answer is chunked.
    ...(file.size >= 0 ? { 'content-length': String(file.size) } : {}),
    'content-disposition': contentDisposition(file.mime, file.name, file.inlinePdf),
    'cache-control': 'private, no-store',
    [NOSNIFF.name]: NOSNIFF.value,
  };
}

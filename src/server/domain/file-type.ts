/**
 * Recognises a file's real type from its first bytes, so a declared
 * content type cannot smuggle something else in as a picture.
 */
export type SniffedType = 'image/png' | 'image/jpeg' | 'image/webp' | 'application/pdf';

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((b, i) => bytes[offset + i] === b);
}

export function sniffFileType(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  // RIFF....WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return null;
}

/** Which real types each kind of upload accepts. */
export const ACCEPTED_TYPES: Record<'avatar' | 'document', readonly SniffedType[]> = {
  avatar: ['image/png', 'image/jpeg', 'image/webp'],
  document: ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'],
};

export function isImage(mime: string): boolean {
  return mime === 'image/png' || mime === 'image/jpeg' || mime === 'image/webp';
}

/**
 * Markup a browser would act on. An image carrying any of these is a
 * polyglot: harmless as a picture, but a page with script if anything ever
 * renders it as HTML or SVG, so it is refused at upload.
 */
const MARKUP = /<(?:html|script|body|head|iframe|svg|object|embed|meta|!doctype|\?xml)\b|javascript:/i;

export function isMarkupPolyglot(bytes: Uint8Array): boolean {
  // latin1 maps every byte to one character, so the scan sees the raw bytes whatever the encoding.
  return MARKUP.test(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'));
}

/**
 * HTML tags a page is made of, followed by what may follow a tag name. A PDF
 * carrying one is a PDF/HTML polyglot: pdf.js draws the PDF, but anything
 * that ever takes the file as a page (a browser guessing, a mail client, a
 * save as .html) runs its script. Narrower than MARKUP on purpose: a PDF's
 * XMP metadata is XML (`<?xml`, `<x:xmpmeta`) and its link actions may say
 * `javascript:` without being a page; and only names of four letters or
 * more, whole (followed by a space, '/' or '>'), so compressed streams do not
 * spell one by chance: about 1 in 40,000 for a full 12 MB of random bytes
 * (`<svg` would make it 1 in 1,000, so it is left out: a polyglot still needs
 * its page, and these tags are what a page is made of).
 */
const HTML_IN_PDF = /<(?:html|script|body|head|iframe|object|embed|meta|!doctype)[\s/>]/i;

export function isHtmlPolyglot(bytes: Uint8Array): boolean {
  return HTML_IN_PDF.test(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'));
}

/**
 * The real type of an upload when it is one of `accepted` and is not an
 * image that also reads as markup nor a PDF that also reads as a page; null
 * otherwise (the caller answers 400).
 */
export function judgeUpload(bytes: Uint8Array, accepted: readonly string[]): SniffedType | null {
  const mime = sniffFileType(bytes);
  if (!mime || !accepted.includes(mime)) return null;
  return isPolyglot(bytes, mime) ? null : mime;
}

/** Whether a file of an accepted type was refused for also reading as markup (so the refusal can say so). */
export function refusedAsPolyglot(bytes: Uint8Array, accepted: readonly string[]): boolean {
  const mime = sniffFileType(bytes);
  return mime !== null && accepted.includes(mime) && isPolyglot(bytes, mime);
}

function isPolyglot(bytes: Uint8Array, mime: SniffedType): boolean {
  if (isImage(mime)) return isMarkupPolyglot(bytes);
  return mime === 'application/pdf' && isHtmlPolyglot(bytes);
}

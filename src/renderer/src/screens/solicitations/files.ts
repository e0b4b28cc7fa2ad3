/** Reading a chosen file into the bridge's upload shape, and bringing a solicitation document in for the viewer. */
import type { FilePreview } from '@shared/bridge';
import { bridge, callApi } from '../../api/client';
import { ApiError } from '../../api/errors';
import type { UploadPayload } from '@kit/uploadChecks';

export async function payloadOf(file: File): Promise<UploadPayload> {
  return { name: file.name, type: file.type, bytes: new Uint8Array(await file.arrayBuffer()) };
}

/** The signature arguments of documents.signedFile for a document's file key (valid 5 minutes). */
export async function signedArgs(fileName: string) {
  const signed = await callApi('documents.signedUrl', { fileName });
  return { fileName: signed.fileName, issuer: signed.issuer, expires: signed.expires, signature: signed.signature };
}

/** The document's bytes, fetched by the main process through its signed URL (images and PDF only). */
export async function fetchPreview(fileName: string): Promise<FilePreview> {
  const args = await signedArgs(fileName);
  const result = await bridge().files.preview('documents.signedFile', args);
  if (result.error) throw new ApiError(result);
  return result.data;
}

/** Saves the document where the user chooses (the main process streams it to disk). */
export async function downloadDocument(fileName: string, name: string) {
  const args = await signedArgs(fileName);
  const base = name.replace(/\.[^.]+$/, '');
  const result = await bridge().files.download('documents.signedFile', args, { fileName: base || 'documento' });
  if (result.error) throw new ApiError(result);
  return result.data;
}

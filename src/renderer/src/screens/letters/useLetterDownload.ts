/** Saves a letter's PDF through the main process (the typed bridge): the renderer never writes the file. */
import { useState } from 'react';
import type { ArgsOf, OperationName } from '@shared/contract/index';
import { bridge } from '../../api/client';
import { ApiError } from '../../api/errors';

export type LetterCall = Extract<OperationName, `letters.${string}`>;

export function useLetterDownload() {
  const [busy, setBusy] = useState<LetterCall | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const save = async <N extends LetterCall>(name: N, args: ArgsOf<N>) => {
    setBusy(name);
    setSaved(null);
    setError(null);
    try {
      const result = await bridge().files.download(name, args, {});
      if (result.error) setError(new ApiError(result));
      else if (result.data) setSaved(result.data.path);
    } finally {
      setBusy(null);
    }
  };
  return { busy, saved, error, save };
}

/**
 * The steps every return file goes through on screen (a bank's CNAB 240
 * return, the custodian's CNAB 444 return): choose the file in the native open
 * dialog (read by the main process, files.openReturnFile), preview what it
 * would do (nothing written), confirm with one idempotency key per confirmed
 * intent, show the result, or an earlier file's lines from the history.
 * The screens declare only their calls, columns and words.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpenedFile } from '@shared/bridge';
import { bridge } from '../api/client';
import { ApiError, errorText } from '../api/errors';
import { useToast } from '../app/toaster';
import { newIdempotencyKey } from './idempotencyKey';

export interface ReturnFileFlow<Preview, Result> {
  file: OpenedFile | null;
  preview: Preview | null;
  /** What went wrong reading or previewing the file, in words that say what to fix. */
  problem: string | null;
  choosing: boolean;
  /** The idempotency key of the confirmation being asked, or null when none is open. */
  confirming: string | null;
  result: Result | null;
  /** The history row whose lines are shown instead of the last result. */
  viewing: number | null;
  choose(): Promise<void>;
  askConfirmation(): void;
  closeConfirmation(): void;
  /** The file was applied: the preview goes, the result shows. */
  done(result: Result): void;
  view(id: number): void;
}

export function useReturnFile<Preview, Result>(previewOf: (file: OpenedFile) => Promise<Preview>): ReturnFileFlow<Preview, Result> {
  const { t } = useTranslation();
  const toast = useToast();
  const [file, setFile] = useState<OpenedFile | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [choosing, setChoosing] = useState(false);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);

  const choose = async () => {
    setChoosing(true);
    setProblem(null);
    try {
      const opened = await bridge().files.openReturnFile();
      if (opened.error) {
        setProblem(errorText(new ApiError(opened), t));
        return;
      }
      if (!opened.data) return;
      setFile(opened.data);
      setPreview(null);
      setResult(null);
      setViewing(null);
      try {
        setPreview(await previewOf(opened.data));
      } catch (error) {
        setProblem(errorText(error, t));
      }
    } catch {
      toast.failure();
    } finally {
      setChoosing(false);
    }
  };

  return {
    file,
    preview,
    problem,
    choosing,
    confirming,
    result,
    viewing,
    choose,
    askConfirmation: () => setConfirming(newIdempotencyKey()),
    closeConfirmation: () => setConfirming(null),
    done: (applied) => {
      setConfirming(null);
      setPreview(null);
      setResult(applied);
    },
    view: setViewing,
  };
}

/**
 * Picture upload by drag-and-drop or click, with a local preview and size and
 * type checks before anything is sent. The file crosses the bridge as bytes.
 * The preview is a data: URL read from the chosen file (the policy already
 * lets pictures arrive that way); nothing is fetched from a blob: address.
 * The drop zone keeps its name ("drop or click…", then the chosen file's) so
 * a screen reader still knows what it is once a picture is in it.
 */
import { Button, Callout } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkFile, IMAGE_TYPES, type UploadPayload } from './uploadChecks';

export interface PictureUploadProps {
  accept?: readonly string[];
  maxBytes: number;
  testId?: string;
  onUpload(payload: UploadPayload): Promise<void>;
}

export function PictureUpload({ accept = IMAGE_TYPES, maxBytes, testId = 'picture-upload', onUpload }: PictureUploadProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [busy, setBusy] = useState(false);
  // Only the latest choice may set the preview (a slow read of an earlier file must not overwrite it).
  const reading = useRef(0);
  useEffect(
    () => () => {
      reading.current += 1;
    },
    [],
  );

  const choose = (f: File | undefined) => {
    if (!f) return;
    const issue = checkFile(f, accept, maxBytes);
    if (issue) {
      setProblem(t(issue.key, issue.vars));
      setFile(null);
      setPreview(null);
      return;
    }
    setProblem(null);
    setFile(f);
    setPreview(null);
    const ticket = ++reading.current;
    const reader = new FileReader();
    reader.onload = () => {
      if (ticket === reading.current && typeof reader.result === 'string') setPreview(reader.result);
    };
    reader.readAsDataURL(f);
  };

  const send = async () => {
    if (!file) return;
    setBusy(true);
    try {
      await onUpload({ name: file.name, type: file.type, bytes: new Uint8Array(await file.arrayBuffer()) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="picture-upload">
      <div
        role="button"
        tabIndex={0}
        aria-label={file ? t('shell.upload.chosen', { name: file.name }) : t('shell.upload.drop')}
        data-testid={`${testId}-drop`}
        className={`drop-zone${dragging ? ' dragging' : ''}`}
        onClick={() => input.current?.click()}
        onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && input.current?.click()}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          choose(e.dataTransfer.files[0]);
        }}
      >
        {preview ? (
          <img src={preview} alt="" className="upload-preview" data-testid={`${testId}-local-preview`} />
        ) : (
          <span>{file ? file.name : t('shell.upload.drop')}</span>
        )}
      </div>
      <input
        ref={input}
        type="file"
        hidden
        accept={accept.join(',')}
        data-testid={`${testId}-input`}
        onChange={(e) => choose(e.currentTarget.files?.[0])}
      />
      {problem && (
        <Callout intent="warning" data-testid={`${testId}-problem`}>
          {problem}
        </Callout>
      )}
      <Button icon="upload" disabled={!file} loading={busy} data-testid={`${testId}-send`} onClick={() => void send()}>
        {t('shell.upload.send')}
      </Button>
    </div>
  );
}

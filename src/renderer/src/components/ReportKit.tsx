/**
 * The report screens' kit (IOF, the balancete): a titled screen with its intro, the period form (the report's own
 * fields and "Show"), the answer once it comes (or the server's refusal, or a spinner), and its files: the PDF the
 * server renders, saved by the main process with the saved file's path kept under the buttons, and the Excel the main
 * process writes. A screen declares what differs (its fields, its calls, its texts, its test ids); the kit draws the
 * rest the same way for every report. Test ids: `${idPrefix}-show`, `${idPrefix}-pdf`, `${idPrefix}-saved`.
 */
import { Button, Callout, FormGroup, Spinner } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ArgsOf, ExposedOperationName } from '@shared/contract';
import { bridge } from '../api/client';
import { ApiError, errorText } from '../api/errors';
import { useToast } from '../app/toaster';
import { ExportExcelButton } from './ExportExcelButton';
import { DateTextInput } from './form/DateTextInput';

export interface ReportFileDecl<N extends ExposedOperationName> {
  operation: N;
  args: ArgsOf<N>;
  /** the file's name without its extension */
  fileName: string;
}

export interface ReportScreenProps<P extends ExposedOperationName, X extends ExposedOperationName> {
  /** the screen's test id */
  testId: string;
  /** the prefix of the kit's own test ids (the screen's test id when absent) */
  idPrefix?: string;
  className: string;
  title: string;
  intro: string;
  /** the period form's fields (FormGroups) */
  fields: ReactNode;
  showLabel: string;
  /** the screen's own buttons after "Show" in the form's row (Doc 3044's "Gerar arquivo"); none when absent */
  actions?: ReactNode;
  /** "Show": the fields as they are typed become the report asked */
  onShow(): void;
  /** whether a report was asked (no spinner before) */
  asked: boolean;
  error: unknown;
  /** the answer's body; null while there is none */
  children: ReactNode | null;
  /** the answer's files, once there is an answer */
  files: { pdf: ReportFileDecl<P>; pdfLabel: string; excel: ReportFileDecl<X> & { title: string }; savedText(path: string): string } | null;
}

/** The PDF button and the saved file's path; a new report asked (other args) forgets the path shown. */
function ReportFiles<P extends ExposedOperationName, X extends ExposedOperationName>({
  testId,
  files,
}: {
  testId: string;
  files: NonNullable<ReportScreenProps<P, X>['files']>;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [saving, setSaving] = useState(false);
  const key = JSON.stringify(files.pdf.args);
  const [saved, setSaved] = useState<{ key: string; path: string } | null>(null);

  const savePdf = async () => {
    setSaving(true);
    setSaved(null);
    try {
      const result = await bridge().files.download(files.pdf.operation, files.pdf.args, { fileName: files.pdf.fileName });
      if (result.error) toast.failure(errorText(new ApiError(result), t));
      else if (result.data) setSaved({ key, path: result.data.path });
    } catch {
      toast.failure();
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <div className="company-remittance-pick">
        <Button icon="document" data-testid={`${testId}-pdf`} loading={saving} onClick={() => void savePdf()}>
          {files.pdfLabel}
        </Button>
        <ExportExcelButton operation={files.excel.operation} args={files.excel.args} title={files.excel.title} fileName={files.excel.fileName} />
      </div>
      {saved && saved.key === key && (
        <Callout intent="success" icon="tick" data-testid={`${testId}-saved`} className="export-result">
          {files.savedText(saved.path)}
        </Callout>
      )}
    </>
  );
}

export function ReportScreen<P extends ExposedOperationName, X extends ExposedOperationName>(props: ReportScreenProps<P, X>) {
  const { t } = useTranslation();
  const { testId } = props;
  const prefix = props.idPrefix ?? testId;
  return (
    <div className={`screen ${props.className}`} data-testid={testId}>
      <h2>{props.title}</h2>
      <p className="bp6-text-muted">{props.intro}</p>
      <form
        className="company-remittance-pick"
        onSubmit={(e) => {
          e.preventDefault();
          props.onShow();
        }}
      >
        {props.fields}
        <Button type="submit" intent="primary" icon="search" data-testid={`${prefix}-show`}>
          {props.showLabel}
        </Button>
        {props.actions}
      </form>
      {props.error !== null && props.error !== undefined && <Callout intent="danger">{errorText(props.error, t)}</Callout>}
      {props.asked && props.children === null && (props.error === null || props.error === undefined) && <Spinner />}
      {props.children !== null && (
        <>
          {props.children}
          {props.files && <ReportFiles testId={prefix} files={props.files} />}
        </>
      )}
    </div>
  );
}

/** A report's period: two calendar days typed as the language writes them (ids `${idPrefix}-from`, `${idPrefix}-to`). */
export function PeriodFields({
  idPrefix,
  from,
  to,
  onFrom,
  onTo,
  fromLabel,
  toLabel,
}: {
  idPrefix: string;
  from: string;
  to: string;
  onFrom(value: string): void;
  onTo(value: string): void;
  fromLabel: string;
  toLabel: string;
}) {
  return (
    <>
      <FormGroup label={fromLabel} labelFor={`${idPrefix}-from`}>
        <DateTextInput id={`${idPrefix}-from`} value={from} onChange={onFrom} />
      </FormGroup>
      <FormGroup label={toLabel} labelFor={`${idPrefix}-to`}>
        <DateTextInput id={`${idPrefix}-to`} value={to} onChange={onTo} />
      </FormGroup>
    </>
  );
}

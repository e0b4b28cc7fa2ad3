/**
 * Blueprint's NonIdealState with its title at the heading level the page
 * needs (NonIdealState always draws an h4, which after a page's h1 skips two
 * levels), or with no heading at all for a plain notice.
 */
import { NonIdealState, type IconName } from '@blueprintjs/core';
import type { ReactElement, ReactNode } from 'react';

export function EmptyState({
  icon,
  title,
  text,
  level = 2,
  action,
  children,
  className,
}: {
  icon?: IconName;
  title?: string;
  text?: ReactNode;
  /** 2 under the page's h1; 0: the title is not a heading (a notice inside a table) */
  level?: 0 | 2 | 3;
  action?: ReactElement;
  children?: ReactNode;
  className?: string;
}) {
  const Heading = level === 3 ? 'h3' : 'h2';
  const description = (
    <>
      {title && (level === 0 ? <p className="empty-state-title">{title}</p> : <Heading className="bp6-heading empty-state-title">{title}</Heading>)}
      {text && <div>{text}</div>}
    </>
  );
  return <NonIdealState icon={icon} description={description} action={action} className={className}>{children}</NonIdealState>;
}

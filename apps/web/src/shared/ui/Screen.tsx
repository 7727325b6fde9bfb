import type { ReactNode } from 'react';
import { useDocumentTitle } from '../hooks/use-document-title';
import { Header } from './Header';

interface ScreenProps {
  /** The tab title; the page draws its own heading. */
  title?: string;
  /** Seconds left in the round, for the header's countdown. */
  headerTime?: number | null;
  showBack?: boolean;
  className?: string;
  /** A wide layout (the admin console): the header bar spans the same width as the content. */
  wide?: boolean;
  children: ReactNode;
}

/** One screen: the shared header over the page content. */
export function Screen({ title, headerTime, showBack, className, wide, children }: ScreenProps) {
  useDocumentTitle(title);
  return (
    <>
      <Header time={headerTime} showBack={showBack} wide={wide} />
      <main id="main" className={`screen${className ? ` ${className}` : ''}`}>
        {children}
      </main>
    </>
  );
}

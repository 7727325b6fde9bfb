import type { ReactNode } from 'react';
import { Screen } from '../shared/ui/Screen';
import './pages.css';

interface PlaceholderScreenProps {
  /** The screen's purpose, as in the route table of SPEC 2. */
  title: string;
  description: string;
  children?: ReactNode;
}

/** A screen whose content arrives in a later task; it already has its route, guard, header and title. */
export function PlaceholderScreen({ title, description, children }: PlaceholderScreenProps) {
  return (
    <Screen title={title} className="placeholder">
      <h1>{title}</h1>
      <p className="muted">{description}</p>
      {children}
    </Screen>
  );
}

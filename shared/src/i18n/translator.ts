import { useLingui } from '@lingui/react';

/** An app's translate function: its message ids (the keys of its English catalog) and their values. */
export type Translate<Id extends string> = (id: Id, values?: Record<string, unknown>) => string;

/**
 * The page's translator, typed by an app's ids: a mistyped id fails the typecheck. Every component
 * that calls it re-renders when the language changes.
 */
export function useTranslate<Id extends string>(): Translate<Id> {
  const { _ } = useLingui();
  return _ as Translate<Id>;
}

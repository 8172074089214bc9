import { createContext, useContext } from 'react';
import { pick, type Text } from '../shared/text.ts';

/** docs/spec.md §3: the English flag lives in app state; components read text through `useT`. */
export interface LangState {
  english: boolean;
  toggle: () => void;
}

const LangContext = createContext<LangState>({ english: false, toggle: () => {} });

export const LangProvider = LangContext.Provider;

export function useLang(): LangState {
  return useContext(LangContext);
}

export function useT(): (text: Text) => string {
  const { english } = useLang();
  return (text) => pick(text, english);
}

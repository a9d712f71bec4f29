import { createContext, useContext } from 'react';

/**
 * Starts fetching the script of the screen at a path of this app (routes.tsx's fetchScreenAt),
 * for what is about to be tapped. Provided by App: the menu cannot import the route table, which
 * holds the layout that holds the menu.
 */
export const ScreenAheadContext = createContext<(pathname: string) => void>(() => {});

export const useFetchScreenAhead = (): ((pathname: string) => void) =>
  useContext(ScreenAheadContext);
